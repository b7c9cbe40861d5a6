import { splitLanguage, type Language } from '../../../common/languages';
import type { MapsKeyAnswer } from '../../../common/schemas/map';
import { ApiError, api } from '../../lib/api';

/** Document 1 §5 and §9: the maps script is awaited for up to 10 s after a 2 s delay. */
export const MAPS_DELAY_MS = 2000;
export const MAPS_TIMEOUT_MS = 10_000;
/** How often readiness is looked at while waiting. */
export const MAPS_POLL_MS = 100;

/** Why the map could not use Google Maps; each is one of document 1 §8's texts (`map:errors.*`). */
export type MapsFailure =
  | { reason: 'keyNotLoaded' }
  | { reason: 'keyStatus'; status: number }
  | { reason: 'keyProblem' }
  | { reason: 'timeout' };

/** The key answer: a key, none configured (null), or why it could not be had. */
export type MapsKeyResult = { ok: true; apiKey: string | null } | { ok: false; failure: MapsFailure };

/**
 * Asks the server for the maps key. An answer without `status: 'success'` means the key was not
 * loaded; an error status is named; anything else (no answer, no JSON) is a problem with the server.
 */
export async function loadMapsKey(get: (path: string) => Promise<unknown> = (path) => api.get<unknown>(path)): Promise<MapsKeyResult> {
  let answer: unknown;
  try {
    answer = await get('/api/config/maps-key');
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return { ok: false, failure: { reason: 'keyStatus', status: error.status } };
    return { ok: false, failure: { reason: 'keyProblem' } };
  }
  const body = answer as Partial<MapsKeyAnswer> | null;
  if (!body || typeof body !== 'object' || body.status !== 'success') return { ok: false, failure: { reason: 'keyNotLoaded' } };
  const key = body.data?.apiKey;
  return { ok: true, apiKey: typeof key === 'string' && key.trim() ? key : null };
}

interface MapsWindow {
  google?: { maps?: { Map?: unknown } };
}

/** Whether Google's script has made `google.maps.Map` available. */
export function mapsReady(w: MapsWindow = globalThis as MapsWindow): boolean {
  return typeof w.google?.maps?.Map === 'function';
}

/** The script address: the places library, the interface language, loaded asynchronously. */
export function mapsScriptUrl(apiKey: string, lang: Language): string {
  const query = new URLSearchParams({ key: apiKey, libraries: 'places', language: lang, loading: 'async', callback: 'Function.prototype' });
  return `https://maps.googleapis.com/maps/api/js?${query}`;
}

/**
 * Whether the document was loaded at the map's address. The server admits Google's hosts in the
 * CSP of that page only, and a document keeps the CSP it was loaded with: a map reached through
 * the app's own navigation (the footer's link) would have Google's script refused. Without a
 * navigation entry to tell, it is taken as loaded there, so the page never reloads in a loop.
 */
export function documentLoadedOnMap(perf: Pick<Performance, 'getEntriesByType'> = performance): boolean {
  const entry = perf.getEntriesByType('navigation')[0];
  if (!entry) return true;
  const { path } = splitLanguage(new URL(entry.name).pathname);
  return path === '/map' || path === '/map/';
}

/** Adds Google's script to the page once; a second call finds it there. */
export function injectMapsScript(apiKey: string, lang: Language, doc: Document = document): void {
  if (doc.querySelector('script[data-google-maps]')) return;
  const script = doc.createElement('script');
  script.src = mapsScriptUrl(apiKey, lang);
  script.async = true;
  script.dataset.googleMaps = '';
  doc.head.append(script);
}

/**
 * Waits for the maps script: nothing is looked at during the first MAPS_DELAY_MS, then readiness
 * every MAPS_POLL_MS until MAPS_TIMEOUT_MS more have passed. Resolves when ready, rejects with the
 * timeout failure otherwise; `signal` stops the wait without either. Time is counted in timer
 * ticks, not read from the clock, so a sleeping tab cannot skip the wait.
 */
export function waitForMaps(isReady: () => boolean = mapsReady, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout>;
    let waited = 0;
    const stop = () => clearTimeout(timer);
    signal?.addEventListener('abort', stop, { once: true });
    const look = () => {
      if (signal?.aborted) return;
      if (isReady()) {
        signal?.removeEventListener('abort', stop);
        resolve();
        return;
      }
      if (waited >= MAPS_TIMEOUT_MS) {
        signal?.removeEventListener('abort', stop);
        reject({ reason: 'timeout' } satisfies MapsFailure);
        return;
      }
      waited += MAPS_POLL_MS;
      timer = setTimeout(look, MAPS_POLL_MS);
    };
    timer = setTimeout(look, MAPS_DELAY_MS);
  });
}
