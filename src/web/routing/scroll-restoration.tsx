import { useEffect, useLayoutEffect } from 'react';
import { useRouter, useRouterState } from './hooks';
import type { Location } from './types';

// One record per tab, shared with the router, which writes into it as locations are left.
let positions: Record<string, number> = {};

/**
 * Does what the browser does for page loads, for the app's navigations: a new location starts at
 * the top (or at its hash's element), Back and Forward return to where the location was left.
 * Positions are kept per `getKey(location)` and outlive reloads in sessionStorage under `storageKey`.
 */
export function ScrollRestoration({ getKey, storageKey }: { getKey?: (location: Location) => string; storageKey: string }) {
  const router = useRouter();
  const { location, restoreScrollPosition, preventScrollReset } = useRouterState();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    // Leaving the document: keep the position, and let the browser restore it on a reload.
    const keep = () => {
      const { state } = router;
      if (state.navigation.state === 'idle') positions[getKey ? getKey(state.location) : state.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions));
      } catch {
        // Full or refused storage: positions then last as long as the document.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [router, getKey, storageKey]);

  useLayoutEffect(() => {
    try {
      const kept = sessionStorage.getItem(storageKey);
      if (kept) positions = JSON.parse(kept) as Record<string, number>;
    } catch {
      // Unreadable: start without kept positions.
    }
  }, [storageKey]);

  useLayoutEffect(() => router.enableScrollRestoration(positions, getKey), [router, getKey]);

  useLayoutEffect(() => {
    if (restoreScrollPosition === false) return;
    if (restoreScrollPosition !== null) {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // Not a decodable id: no element to scroll to.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}
