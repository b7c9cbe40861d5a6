import type { Location } from './types';

/** Where the router keeps its entries: the browser's session history, or an array (tests, the server). */
export interface History {
  /** The origin loaders see in their request's URL. */
  origin: string;
  location(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Called when the entry changed underneath the router (Back, Forward, `go`). */
  listen(onPop: (location: Location) => void): void;
}

export const createKey = (): string => Math.random().toString(36).slice(2, 10);

export const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string => pathname + search + hash;

/** `to` (a path, or relative like "?tab=x") resolved against `from`, encoded as a loaded page's address is. */
export function createLocation(to: string, from: string, state: unknown = null, key = createKey()): Location {
  // A path is never resolved: "//x" stays a path, as in the browser's address, not another host.
  const { pathname, search, hash } = to.startsWith('/') ? new URL(`http://x${to}`) : new URL(to, `http://x${from}`);
  return { pathname, search, hash, state, key };
}

// The shape React Router stored, so entries it made before an update keep their keys.
interface EntryState {
  usr: unknown;
  key: string;
}

export function createBrowserHistory(): History {
  const write = (method: 'pushState' | 'replaceState', location: Location) => {
    const entry: EntryState = { usr: location.state, key: location.key };
    window.history[method](entry, '', createPath(location));
  };
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as Partial<EntryState> | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  return {
    origin: window.location.origin,
    location: read,
    push(location) {
      try {
        write('pushState', location);
      } catch {
        // Safari refuses more than 100 pushes in 30 seconds: load the page instead.
        window.location.assign(createPath(location));
      }
    },
    replace: (location) => write('replaceState', location),
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      window.addEventListener('popstate', () => onPop(read()));
    },
  };
}

export function createMemoryHistory(initialEntries: string[], origin = 'http://localhost'): History {
  // The first entry is the one a load starts at, as in a browser.
  const entries = initialEntries.map((path, i) => createLocation(path, '/', null, i === 0 ? 'default' : createKey()));
  let index = entries.length - 1;
  let onPop: ((location: Location) => void) | undefined;
  return {
    origin,
    location: () => entries[index] as Location,
    push(location) {
      entries.splice(++index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      // As in a browser, a move past either end changes nothing.
      if (next === index) return;
      index = next;
      onPop?.(entries[index] as Location);
    },
    listen(listener) {
      onPop = listener;
    },
  };
}
