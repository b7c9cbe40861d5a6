import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { renderWithApp, type RenderOptions } from './render';

/**
 * Renders a page that reads parameters from its address: mounted at `pattern` and at its German
 * twin, inside the session (renderWithApp gives one only to its catch-all), beside `routes` for
 * the places the page leads to.
 */
export function renderPageAt(pattern: string, page: ReactNode, options: RenderOptions = {}) {
  const session: NonNullable<RenderOptions['session']> = options.session ?? { state: 'loggedOut', user: null };
  const element = (
    <SessionProvider initialState={session} onLoggedOut={() => {}}>
      {page}
    </SessionProvider>
  );
  return renderWithApp(null, { ...options, session, routes: [{ path: pattern, element }, { path: `/de${pattern}`, element }, ...(options.routes ?? [])] });
}

