const RELOADED_KEY = 'tgs_preload_reloaded';

// After a deploy the old hashed chunks are gone; these are the browsers' messages for that.
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

function hasReloaded(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) === '1';
  } catch {
    return true;
  }
}

/**
 * Loads the page once more, so the browser fetches the new build: the page the user was going
 * to when given, else the current one. Returns false when it already did in this tab: then a
 * second reload would loop, and the caller shows a message instead.
 */
export function reloadOnce(target?: string | null): boolean {
  if (hasReloaded()) return false;
  try {
    sessionStorage.setItem(RELOADED_KEY, '1');
  } catch {
    return false;
  }
  if (target && target !== window.location.pathname + window.location.search + window.location.hash) {
    window.location.assign(target);
  } else window.location.reload();
  return true;
}

/** Forgets the reload, once a screen has loaded fine, so a later deploy gets its reload too. */
export function clearReloadMark(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Nothing was stored then either.
  }
}

/** Whether an error means a part of the app could not be downloaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Vite raises vite:preloadError when a lazy chunk or its CSS fails to load. The first time the
 * page loads again (at the address being navigated to, from `pendingPath`); after that the
 * error goes on to the route's error boundary, which explains it.
 */
export function installPreloadErrorHandler(pendingPath: () => string | null): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce(pendingPath())) event.preventDefault();
  });
}
