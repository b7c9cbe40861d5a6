import { createContext, type ReactNode } from 'react';
import type { Params, Router, RouterState } from './types';

export const RouterContext = createContext<Router | null>(null);

export const StateContext = createContext<RouterState | null>(null);

/** What a route renders into: its child's element for `<Outlet>`, and the matched parameters. */
export const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

/** The error an error boundary shows. */
export const ErrorContext = createContext<unknown>(undefined);
