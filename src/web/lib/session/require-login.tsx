import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../../routing';
import { splitLanguage, withLanguage } from '../../../common/languages';
import { useSession } from './session-provider';

/**
 * Renders its children for a logged-in user; sends visitors to /login?redirect=... (with the
 * current path, so they come back after logging in). `fallback` shows while the session loads.
 */
export function RequireLogin({ children, fallback = null, delayMs = 0 }: { children: ReactNode; fallback?: ReactNode; delayMs?: number }) {
  const { state } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (state !== 'loggedOut') return;
    const { lang } = splitLanguage(location.pathname);
    const target = `${withLanguage('/login', lang)}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    const timer = setTimeout(() => navigate(target, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [state, location.pathname, location.search, navigate, delayMs]);
  return state === 'loggedIn' ? <>{children}</> : <>{fallback}</>;
}
