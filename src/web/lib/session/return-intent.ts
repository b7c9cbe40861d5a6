import { useCallback } from 'react';
import { useLocation, useSearchParams } from '../../routing';

/**
 * An action a visitor started before logging in (writing a message, leaving a review): the login
 * link brings them back to this page with `?{param}={value}`, and the page resumes the action
 * once, then drops the parameter so a reload or a shared link does not repeat it.
 */
export function useReturnIntent(param: string, value: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const wanted = params.get(param) === value;
  const clear = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(param);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [param, setParams]);
  const back = new URLSearchParams(location.search);
  back.set(param, value);
  /** The `redirect` value of the login link: this page (its language prefix included) with the intent. */
  const loginRedirect = encodeURIComponent(`${location.pathname}?${back.toString()}`);
  return { wanted, clear, loginRedirect };
}
