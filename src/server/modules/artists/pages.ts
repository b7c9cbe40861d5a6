import type { FastifyInstance } from 'fastify';
import { LIST_PAGE_SIZE } from '../../../common/schemas/listing-fields';
import type { Language } from '../../../common/languages';
import type { RouteId } from '../../../common/routes';
import { listHead, pageParam } from '../../http/head';
import type { ArtistService } from './service';

/** Heads of a directory's paged list (`first`, `numbered`), counted by `count`. */
function registerDirectoryPages(app: FastifyInstance, first: RouteId, numbered: RouteId, count: () => Promise<number>): void {
  const listResolver = async (page: number | null, lang: Language) => {
    if (page === null) return null;
    return listHead({ lang, page, total: await count(), pageSize: LIST_PAGE_SIZE, first, numbered });
  };
  app.pages.heads.set(first, (_match, { lang }) => listResolver(1, lang));
  app.pages.heads.set(numbered, (match, { lang }) => listResolver(pageParam(match.params.page), lang));
  for (const id of [first, numbered]) app.pages.sharedHeads.add(id);
}

/** Heads of the artist listing pages. */
export function registerArtistPages(app: FastifyInstance, service: ArtistService): void {
  registerDirectoryPages(app, 'tattooArtists', 'tattooArtistsPage', service.count);
}

/** Heads of the studio listing pages. */
export function registerStudioPages(app: FastifyInstance, service: ArtistService): void {
  registerDirectoryPages(app, 'tattooStudios', 'tattooStudiosPage', service.countStudios);
}
