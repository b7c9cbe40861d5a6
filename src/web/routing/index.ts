// The app's one door to routing: every screen imports from here. The router is the app's own
// (a few KB instead of React Router's 30): a data router over the browser's history, with lazy
// routes, loaders, error boundaries and scroll restoration.
export { Outlet, RouterProvider } from './components';
export { data, isRouteErrorResponse, type ErrorResponse } from './errors';
export { useLocation, useNavigate, useNavigation, useParams, useRouteError, useSearchParams, type NavigateFunction } from './hooks';
export { Link, Navigate, NavLink, type LinkProps, type NavLinkProps, type NavLinkRenderProps } from './links';
export { matchRoutes } from './match';
export { createBrowserRouter, createMemoryRouter, loadLazyRoutes } from './router';
export { Route, Routes } from './routes-element';
export { ScrollRestoration } from './scroll-restoration';
export { createStaticRouter } from './server';
export type { LoaderFunctionArgs, Location, NavigateOptions, Params, RouteMatch, RouteObject, Router, RouterState, ShouldRevalidateFunctionArgs } from './types';
