import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Language } from '../../../common/languages';
import { documentLoadedOnMap, injectMapsScript, loadMapsKey, waitForMaps, type MapsFailure } from './maps-loader';

/**
 * Where the map stands: asking for the key; no key (the globe); Google's script loading; ready;
 * or failed with one of document 1 §8's reasons (the globe shows below the message).
 */
export type MapsState = { phase: 'key' } | { phase: 'none' } | { phase: 'loading' } | { phase: 'ready' } | { phase: 'failed'; failure: MapsFailure };

/** The maps key, then Google's script in the interface language, awaited as the loader says. */
export function useGoogleMaps(lang: Language): MapsState {
  const key = useQuery({ queryKey: ['map', 'key'], queryFn: () => loadMapsKey(), staleTime: Infinity, retry: false });
  const [script, setScript] = useState<'loading' | 'ready' | MapsFailure>('loading');
  const apiKey = key.data?.ok ? key.data.apiKey : null;

  useEffect(() => {
    if (!apiKey) return;
    // Only a document loaded at the map's address may fetch Google's script (its CSP): load it anew.
    if (!documentLoadedOnMap()) {
      window.location.reload();
      return;
    }
    const stop = new AbortController();
    injectMapsScript(apiKey, lang);
    waitForMaps(undefined, stop.signal).then(
      () => setScript('ready'),
      (failure: MapsFailure) => setScript(failure),
    );
    return () => stop.abort();
    // The script is loaded once, in the language the page opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey]);

  if (!key.data) return { phase: 'key' };
  if (!key.data.ok) return { phase: 'failed', failure: key.data.failure };
  if (!apiKey) return { phase: 'none' };
  if (script === 'loading' || script === 'ready') return { phase: script };
  return { phase: 'failed', failure: script };
}
