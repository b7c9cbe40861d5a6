import { AUTH_CACHE_TRUST_MS, AUTH_STORAGE_KEY } from '../../../common/constants';
import type { SessionUser } from '../../../common/schemas/session';

/** The auth state kept in local storage. */
export interface StoredAuthState {
  isAuthenticated: boolean;
  user: SessionUser | null;
  lastChecked: number;
}

/** Accepts a saved state only if isAuthenticated is boolean, user null or an object, lastChecked a number. */
export function isValidAuthState(value: unknown): value is StoredAuthState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.isAuthenticated === 'boolean' &&
    (v.user === null || (typeof v.user === 'object' && !Array.isArray(v.user))) &&
    typeof v.lastChecked === 'number' &&
    Number.isFinite(v.lastChecked)
  );
}

export function loadAuthState(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): StoredAuthState | null {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isValidAuthState(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveAuthState(state: StoredAuthState | null, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (state) storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(state));
    else storage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage may be full or disabled (private mode); the session still works for this page.
  }
}

/** Whether a saved state is recent enough to trust without asking the server (2 minutes). */
export function isFresh(state: StoredAuthState, now = Date.now()): boolean {
  return now - state.lastChecked >= 0 && now - state.lastChecked < AUTH_CACHE_TRUST_MS;
}

/**
 * Where to go after login: a `redirect` target only when it is a path on this site, else
 * /admin for admins and /dashboard for everyone else.
 */
export function afterLoginPath(user: Pick<SessionUser, 'role'>, redirect: string | null | undefined): string {
  if (redirect && isSameSitePath(redirect)) return redirect;
  return user.role === 'admin' ? '/admin' : '/dashboard';
}

export function isSameSitePath(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  try {
    const url = new URL(target, 'http://same.invalid');
    return url.origin === 'http://same.invalid';
  } catch {
    return false;
  }
}
