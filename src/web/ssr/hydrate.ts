import { hydrate, type QueryClient } from '@tanstack/react-query';
import { loadLazyRoutes } from '../routing';
import { createQueryClient } from '../app/query-client';
import { buildRoutes, createAppRouter } from '../app/router';
import { activateLanguage, ensureNamespaces } from '../i18n/i18n';
import type { ServerState } from './state';

/** The session of a server-rendered page: the server renders only for visitors without a session cookie. */
export const SERVER_SESSION = { state: 'loggedOut', user: null } as const;

/**
 * Makes the browser's first render the server's render: the same language and texts, the page's
 * screen already loaded (a lazy route would otherwise show nothing first) and the query cache
 * the server rendered from, so nothing is fetched again.
 */
export async function prepareHydration(state: ServerState): Promise<{ router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }> {
  const routes = buildRoutes();
  await Promise.all([activateLanguage(state.lang).then(() => ensureNamespaces(state.lang, state.namespaces)), loadLazyRoutes(routes, window.location)]);
  // The loaders do not run again, so later navigations set the title themselves.
  const router = createAppRouter({ serverTitle: false, routes, hydrated: true });
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  return { router, queryClient };
}
