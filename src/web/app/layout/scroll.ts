/** Where the app keeps the scroll positions of its history entries (sessionStorage). */
export const SCROLL_STORAGE_KEY = 'tgs-scroll-positions';

interface EntryLocation {
  key: string;
  pathname: string;
  search: string;
}

/**
 * The key a history entry's scroll position is kept under. An entry the app did not create (the
 * first page of a load: typed in the address bar, opened from a link elsewhere) has the router's
 * key "default" on every load, so every such page would restore the position of whatever page
 * was first before it (the artist list opening 2,646 px down); those entries are told apart by
 * their address.
 */
export function scrollKey(location: EntryLocation): string {
  return location.key === 'default' ? `entry:${location.pathname}${location.search}` : location.key;
}

/**
 * A page opened anew (not a reload, not back or forward) starts at the top: drop any position
 * kept for its address by an earlier visit in this tab. Reloads and back/forward keep theirs.
 */
export function forgetScrollOfNewVisit(location: EntryLocation, navigationType: string | undefined, storage: Pick<Storage, 'getItem' | 'setItem'>): void {
  if (navigationType !== 'navigate') return;
  try {
    const positions = JSON.parse(storage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
    const key = scrollKey(location);
    if (!(key in positions)) return;
    delete positions[key];
    storage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Unreadable or full storage: the page then starts at the top anyway or keeps the browser's choice.
  }
}

/** How this document was reached: "navigate", "reload" or "back_forward" (Navigation Timing). */
export function documentNavigationType(): string | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return undefined;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type;
}
