import { createMemoryRouter } from './router';
import type { RouteObject, Router } from './types';

/**
 * A router for rendering `url` on the server: its matched routes' lazy parts and loaders have run
 * (as in the browser), so `state.error` tells a page that failed (a 404) from one to render.
 */
export async function createStaticRouter(routes: RouteObject[], url: string): Promise<Router> {
  const { origin, pathname, search, hash } = new URL(url);
  const router = createMemoryRouter(routes, { initialEntries: [pathname + search + hash], origin });
  await router.ready;
  return router;
}
