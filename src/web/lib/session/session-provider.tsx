import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { splitLanguage, withLanguage } from '../../../common/languages';
import type { SessionUser } from '../../../common/schemas/session';
import { api, ApiError } from '../api';
import { isFresh, loadAuthState, saveAuthState } from './auth-state';
import { clearLocalData } from './local-data';

export type SessionState = 'loading' | 'loggedIn' | 'loggedOut';

export interface Session {
  state: SessionState;
  user: SessionUser | null;
  /**
   * The last check of the session got no answer that decides it (no answer, or a server error):
   * the state is the saved one, or logged out when none was saved, and not known to be true.
   */
  checkFailed?: boolean;
  login(email: string, password: string): Promise<SessionUser>;
  register(input: { email: string; username: string; password: string; userType: 'artist' | 'studio' }): Promise<SessionUser>;
  /** Logs out and removes the local copies, unsent messages with them (the caller asks first: see `unsentCount`). */
  logout(): Promise<void>;
  /** Merges a partial update, or reloads the user from the server (falling back to the normal load). */
  refresh(partial?: Partial<SessionUser>): Promise<void>;
  /** Forgets the session locally (after account deletion or when the server says 401). */
  clear(): void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The session a server-rendered page was rendered for. The server renders only for requests
 * without a session cookie, so such a page starts logged out on both sides, and hydration
 * matches whatever the browser has saved.
 */
export const ServerSessionContext = createContext<{ state: SessionState; user: SessionUser | null } | undefined>(undefined);

export class NoUserError extends Error {}

const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;
/** An answer that says the visitor has no session, as opposed to a check that could not be made. */
const isLoggedOutAnswer = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

type Snapshot = { state: SessionState; user: SessionUser | null; checkFailed?: boolean };

/**
 * The browser's session: loading, then logged in or out; a saved state is
 * restored when its shape is valid and trusted for two minutes; a network error during the
 * check keeps the state; check first, then me as the fallback.
 */
export function SessionProvider({
  children,
  initialState,
  onLoggedOut,
}: {
  children: ReactNode;
  initialState?: Snapshot;
  /** Where logout leads; by default a full load of the start page (clearing every cache). */
  onLoggedOut?: () => void;
}) {
  const serverSession = useContext(ServerSessionContext);
  initialState ??= serverSession;
  const [value, setValue] = useState<Snapshot>(() => {
    if (initialState) return initialState;
    const saved = loadAuthState();
    if (saved && isFresh(saved)) return { state: saved.isAuthenticated && saved.user ? 'loggedIn' : 'loggedOut', user: saved.user };
    return { state: 'loading', user: saved?.user ?? null };
  });
  const onLoggedOutRef = useRef(onLoggedOut);
  onLoggedOutRef.current = onLoggedOut;
  const queryClient = useQueryClient();
  const known = useRef(value);
  known.current = value;

  const apply = useCallback(
    (user: SessionUser | null, checkFailed = false) => {
      // Answers carry what their viewer may do (`can`): when a known viewer changes (login,
      // register), what was loaded for the old one is loaded again.
      const before = known.current;
      if (before.state !== 'loading' && before.user?.id !== user?.id) void queryClient.resetQueries();
      setValue({ state: user ? 'loggedIn' : 'loggedOut', user, checkFailed });
      saveAuthState({ isAuthenticated: !!user, user, lastChecked: Date.now() });
    },
    [queryClient],
  );

  const load = useCallback(async () => {
    const keepSaved = () =>
      setValue((v) => (v.state === 'loading' ? { ...v, state: v.user ? 'loggedIn' : 'loggedOut', checkFailed: true } : v));
    try {
      const check = await api.get<{ authenticated: boolean; user: SessionUser | null }>('/api/auth/check');
      if (check.authenticated && check.user) return apply(check.user);
      if (!check.authenticated) return apply(null);
    } catch (err) {
      if (isNetworkError(err)) return keepSaved();
    }
    try {
      const me = await api.get<{ user: SessionUser }>('/api/auth/me');
      apply(me.user ?? null);
    } catch (err) {
      if (isNetworkError(err)) keepSaved();
      else apply(null, !isLoggedOutAnswer(err));
    }
  }, [apply]);

  useEffect(() => {
    if (!initialState && value.state === 'loading') void load();
    // Only on mount: later changes come from login, logout and refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const session = useMemo<Session>(
    () => ({
      ...value,
      async login(email, password) {
        const res = await api.post<{ user?: SessionUser }>('/api/auth/login', { email, password });
        if (!res.user) throw new NoUserError('No user data in the response');
        apply(res.user);
        return res.user;
      },
      async register(input) {
        const res = await api.post<{ user?: SessionUser }>('/api/auth/register', input);
        if (!res.user) throw new NoUserError('No user data in the response');
        apply(res.user);
        return res.user;
      },
      async logout() {
        try {
          await api.post('/api/auth/logout', {});
        } finally {
          clearLocalData();
          saveAuthState(null);
          setValue({ state: 'loggedOut', user: null });
          if (onLoggedOutRef.current) onLoggedOutRef.current();
          else window.location.assign(withLanguage('/', splitLanguage(window.location.pathname).lang));
        }
      },
      async refresh(partial) {
        if (partial && value.user) return apply({ ...value.user, ...partial });
        try {
          const res = await api.get<{ success: boolean; user?: SessionUser }>('/api/auth/refresh-session');
          if (res.success && res.user) return apply(res.user);
        } catch {
          // falls through to the normal load
        }
        await load();
      },
      clear() {
        clearLocalData();
        saveAuthState(null);
        setValue({ state: 'loggedOut', user: null });
      },
    }),
    [value, apply, load],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
