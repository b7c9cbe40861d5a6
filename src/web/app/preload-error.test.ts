import { describe, expect, it, vi } from 'vitest';
import { clearReloadMark, installPreloadErrorHandler, isChunkLoadError, reloadOnce } from './preload-error';

function stubLocation() {
  const reload = vi.fn();
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname: '/', search: '', hash: '', reload, assign });
  return { reload, assign };
}

describe('preload errors', () => {
  it('recognises failed chunk downloads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });

  it('reloads once per tab, until a screen loads again', () => {
    const { reload } = stubLocation();
    expect(reloadOnce()).toBe(true);
    expect(reloadOnce()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    clearReloadMark();
    expect(reloadOnce()).toBe(true);
  });

  it('goes to the page being opened, and lets the second failure through', () => {
    const { assign } = stubLocation();
    installPreloadErrorHandler(() => '/terms');
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('/terms');

    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
  });
});
