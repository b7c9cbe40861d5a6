import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderMatches } from './components';
import { useLocation } from './hooks';
import { matchRoutes } from './match';

interface RouteProps {
  path: string;
  element: ReactNode;
}

/** One route of a `<Routes>`; `<Routes>` reads it, it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Renders the first of its `<Route>`s that matches the location (element routes: no loaders). */
export function Routes({ children }: { children: ReactNode }) {
  const location = useLocation();
  const routes = Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map(({ props }) => ({ path: props.path, element: props.element }));
  const matches = matchRoutes(routes, location);
  return matches && renderMatches(matches, null, location);
}
