import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { i18n } from '../../i18n/i18n';
import { documentLoadedOnMap, injectMapsScript, loadMapsKey, mapsReady, mapsScriptUrl, waitForMaps, type MapsFailure } from './maps-loader';

describe('maps wait', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts a wait whose script becomes ready at `readyAt` ms (never when null) and records how it ends. */
  const start = (readyAt: number | null) => {
    let ready = false;
    if (readyAt !== null) setTimeout(() => (ready = true), readyAt);
    const outcome: { value?: 'ready' | MapsFailure } = {};
    waitForMaps(() => ready).then(
      () => (outcome.value = 'ready'),
      (failure: MapsFailure) => (outcome.value = failure),
    );
    return outcome;
  };

  it('looks at nothing during the 2 s delay', async () => {
    const isReady = vi.fn(() => true);
    const done = vi.fn();
    waitForMaps(isReady).then(done);
    await vi.advanceTimersByTimeAsync(1999);
    expect(isReady).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });

  it('takes a script that is ready at 11.9 s', async () => {
    const outcome = start(11_900);
    await vi.advanceTimersByTimeAsync(11_899);
    expect(outcome.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.value).toBe('ready');
  });

  it('gives up with the timeout when nothing is ready by 12 s', async () => {
    const outcome = start(null);
    await vi.advanceTimersByTimeAsync(11_999);
    expect(outcome.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.value).toEqual({ reason: 'timeout' });
    // The wait is over: no timer is left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times out even when the script arrives just after 12 s', async () => {
    const outcome = start(12_050);
    await vi.advanceTimersByTimeAsync(13_000);
    expect(outcome.value).toEqual({ reason: 'timeout' });
  });

  it('stops without an outcome when aborted', async () => {
    const stop = new AbortController();
    const settled = vi.fn();
    waitForMaps(() => false, stop.signal).then(settled, settled);
    await vi.advanceTimersByTimeAsync(3000);
    stop.abort();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(settled).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('maps key', () => {
  const answering = (value: unknown) => () => Promise.resolve(value);
  const failing = (error: unknown) => () => Promise.reject(error);

  it('answers the key, or none when the server has none', async () => {
    expect(await loadMapsKey(answering({ status: 'success', data: { apiKey: 'abc' } }))).toEqual({ ok: true, apiKey: 'abc' });
    expect(await loadMapsKey(answering({ status: 'success', data: { apiKey: null } }))).toEqual({ ok: true, apiKey: null });
  });

  it('names each failure with its text', async () => {
    await i18n.loadNamespaces('en', ['map']);
    const text = async (get: () => Promise<unknown>) => {
      const result = await loadMapsKey(get);
      if (result.ok) throw new Error('expected a failure');
      const f = result.failure;
      return f.reason === 'keyStatus' ? i18n.t('map:errors.keyStatus', { status: f.status }) : i18n.t(`map:errors.${f.reason}`);
    };
    expect(await text(answering({ status: 'error' }))).toBe('The Google Maps API key could not be loaded.');
    expect(await text(answering(null))).toBe('The Google Maps API key could not be loaded.');
    expect(await text(failing(new ApiError(503, 'Service Unavailable', null)))).toBe('Error retrieving the API key: 503');
    expect(await text(failing(new ApiError(0, 'no answer', null)))).toBe('There was a problem retrieving the Google Maps API key from the server.');
    expect(await text(failing(new SyntaxError('Unexpected token <')))).toBe('There was a problem retrieving the Google Maps API key from the server.');
    expect(i18n.t('map:errors.timeout')).toBe('Google Maps could not be loaded. Please check your internet connection and try again.');
  });

  it('has the German loading texts and retry label', async () => {
    await i18n.loadNamespaces('de', ['map']);
    expect(i18n.t('map:loading.google', { lng: 'de' })).toBe('Google Maps wird geladen...');
    expect(i18n.t('map:loading.map', { lng: 'de' })).toBe('Karte wird geladen...');
    expect(i18n.t('map:retry', { lng: 'de' })).toBe('Erneut versuchen');
  });
});

describe('maps script', () => {
  it('asks for the places library in the interface language, once', () => {
    const url = new URL(mapsScriptUrl('k-1', 'fr'));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('k-1');
    expect(url.searchParams.get('libraries')).toBe('places');
    expect(url.searchParams.get('language')).toBe('fr');
    injectMapsScript('k-1', 'fr');
    injectMapsScript('k-1', 'fr');
    expect(document.querySelectorAll('script[data-google-maps]')).toHaveLength(1);
    document.querySelector('script[data-google-maps]')?.remove();
  });

  it('is ready once google.maps.Map exists', () => {
    expect(mapsReady({})).toBe(false);
    expect(mapsReady({ google: { maps: {} } })).toBe(false);
    expect(mapsReady({ google: { maps: { Map: class {} } } })).toBe(true);
  });
});

describe('the document the map runs in', () => {
  const loadedAt = (url: string | null) => ({ getEntriesByType: () => (url === null ? [] : [{ name: url } as PerformanceEntry]) });

  it('may load Google only when it was loaded at the map, in any language', () => {
    expect(documentLoadedOnMap(loadedAt('https://example.test/map'))).toBe(true);
    expect(documentLoadedOnMap(loadedAt('https://example.test/de/map?city=3&show=studios'))).toBe(true);
    expect(documentLoadedOnMap(loadedAt('https://example.test/pt/map/'))).toBe(true);
    expect(documentLoadedOnMap(loadedAt('https://example.test/de/'))).toBe(false);
    expect(documentLoadedOnMap(loadedAt('https://example.test/mapmaker'))).toBe(false);
    expect(documentLoadedOnMap(loadedAt('https://example.test/de/forum'))).toBe(false);
  });

  it('is taken as loaded at the map when the browser keeps no navigation entry', () => {
    expect(documentLoadedOnMap(loadedAt(null))).toBe(true);
  });
});
