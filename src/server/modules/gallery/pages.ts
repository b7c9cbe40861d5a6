import type { FastifyInstance } from 'fastify';
import { pathsByLanguage, routeIds } from '../../../common/routes';
import { staticHead } from '../../http/pages';

/**
 * Every spelling answers in every language (/de/tattoo-gallery too), but each language has one
 * canonical gallery address, its own spelling, and hreflang links the five: search engines
 * index five pages, not twenty-five copies.
 */
export function registerGalleryPages(app: FastifyInstance): void {
  const alternates = pathsByLanguage('gallery');
  for (const id of routeIds('gallery')) {
    app.pages.heads.set(id, async (_match, { lang }) => ({ ...staticHead(id, lang), alternates }));
    app.pages.sharedHeads.add(id);
  }
}
