import { useCallback, useContext, useMemo } from 'react';
import { ErrorContext, RouteContext, RouterContext, StateContext } from './context';
import type { Location, NavigateOptions, Navigation, Params, Router, RouterState } from './types';

function required<T>(value: T | null): T {
  if (!value) throw new Error('Routing needs a <RouterProvider> above it.');
  return value;
}

export const useRouter = (): Router => required(useContext(RouterContext));

export const useRouterState = (): RouterState => required(useContext(StateContext));

export const useLocation = (): Location => useRouterState().location;

/** The navigation under way: "loading" while the next location's routes load. */
export const useNavigation = (): Navigation => useRouterState().navigation;

export const useParams = (): Params => useContext(RouteContext).params;

/** In a route's error boundary: what its loader or its rendering threw. */
export const useRouteError = (): unknown => useContext(ErrorContext);

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query of the location, and a setter that navigates to the same path with a new query (the hash is dropped). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      // A copy: setters change the one they get and return it.
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
