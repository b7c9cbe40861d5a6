import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../routing';
import { splitLanguage } from '../../common/languages';
import type { SessionUser } from '../../common/schemas/session';
import { SessionProvider, type SessionState } from '../lib/session';
import { activateLanguage, ensureNamespaces, i18n } from '../i18n/i18n';
import { TextsProvider } from '../i18n/react';

export interface RenderOptions {
  /** The address, with its language prefix ("/de/kontakt"). */
  path?: string;
  /** Translation namespaces the screen needs besides the shell's. */
  namespaces?: string[];
  session?: { state: SessionState; user: SessionUser | null };
  /** Further routes, matched before the catch-all that renders `ui` (e.g. where a redirect lands). */
  routes?: RouteObject[];
}

/**
 * Renders a piece of the app the way the router would: in the language of the path, with a
 * session, the data cache (no retries) and a memory router whose location tests can read.
 */
export async function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const path = options.path ?? '/';
  const { lang } = splitLanguage(path);
  await activateLanguage(lang);
  await ensureNamespaces(lang, options.namespaces ?? []);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = options.session ?? { state: 'loggedOut', user: null };
  const router = createMemoryRouter(
    [...(options.routes ?? []), { path: '*', element: <SessionProvider initialState={session} onLoggedOut={() => {}}>{ui}</SessionProvider> }],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TextsProvider texts={i18n}>
        <RouterProvider router={router} />
      </TextsProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
