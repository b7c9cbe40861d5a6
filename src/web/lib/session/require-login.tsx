import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../../routing';
import { splitLanguage, withLanguage } from '../../../common/languages';
import { useSession } from './session-provider';

/** How long a login-only screen waits before it sends a visitor to the login (messages wait longer). */
export const LOGIN_GATE_DELAY_MS = 100;

/**
 * Renders its children for a logged-in user; sends visitors to /login?redirect=... (with the
 * current path, so they come back after logging in) after `delayMs`. `fallback` shows while the
 * session loads. `checkFailed`, when given, stands instead of the redirect when the session
 * check got no deciding answer: the visitor may well be logged in, so the screen says so
 * rather than leaving.
 */
export function RequireLogin({
  children,
  fallback = null,
  delayMs = LOGIN_GATE_DELAY_MS,
  checkFailed,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  delayMs?: number;
  checkFailed?: ReactNode;
}) {
  const session = useSession();
  const { state } = session;
  const location = useLocation();
  const navigate = useNavigate();
  const stay = checkFailed !== undefined && state === 'loggedOut' && !!session.checkFailed;
  useEffect(() => {
    if (state !== 'loggedOut' || stay) return;
    const { lang } = splitLanguage(location.pathname);
    const target = `${withLanguage('/login', lang)}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    const timer = setTimeout(() => navigate(target, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [state, stay, location.pathname, location.search, navigate, delayMs]);
  if (stay) return <>{checkFailed}</>;
  return state === 'loggedIn' ? <>{children}</> : <>{fallback}</>;
}
