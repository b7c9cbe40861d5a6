import { Component, startTransition, useContext, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorContext, RouteContext, RouterContext, StateContext } from './context';
import type { Location, RouteMatch, Router, RouterState } from './types';

/** Where a route renders its child route. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

interface BoundaryProps {
  location: Location;
  fallback: ComponentType;
  children: ReactNode;
}

/** Catches what a route's rendering throws and shows the route's error boundary, until the location changes. */
class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown; location: Location }> {
  override state = { failed: false, error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Location }) {
    return props.location === state.location ? null : { failed: false, error: undefined, location: props.location };
  }

  override render() {
    const { fallback: Fallback, children } = this.props;
    return this.state.failed ? (
      <ErrorContext value={this.state.error}>
        <Fallback />
      </ErrorContext>
    ) : (
      children
    );
  }
}

/** Renders a branch of matches, each route into its parent's outlet; a failed load shows its boundary's error screen. */
export function renderMatches(matches: RouteMatch[], error: RouterState['error'], location: Location): ReactNode {
  let outlet: ReactNode = null;
  for (let i = error ? error.boundary : matches.length - 1; i >= 0; i--) {
    const { route, params } = matches[i] as RouteMatch;
    let element: ReactNode;
    if (error && i === error.boundary) {
      const Fallback = route.ErrorBoundary;
      if (!Fallback) throw error.value;
      element = (
        <ErrorContext value={error.value}>
          <Fallback />
        </ErrorContext>
      );
    } else {
      element = route.element ?? (route.Component ? <route.Component /> : <Outlet />);
      if (route.ErrorBoundary) {
        element = (
          <RouteErrorBoundary location={location} fallback={route.ErrorBoundary}>
            {element}
          </RouteErrorBoundary>
        );
      }
    }
    outlet = <RouteContext value={{ outlet, params }}>{element}</RouteContext>;
  }
  return outlet;
}

/** Renders the router's location; nothing until its first location has loaded. */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    // Transitions, as React Router's: a screen that suspends keeps the old one up instead of a fallback.
    const unsubscribe = router.subscribe((next) => startTransition(() => setState(next)));
    // Updates before the subscription (children's layout effects run first) count too.
    setState(router.state);
    return unsubscribe;
  }, [router]);
  return (
    <RouterContext value={router}>
      <StateContext value={state}>{state.initialized && renderMatches(state.matches, state.error, state.location)}</StateContext>
    </RouterContext>
  );
}
