import type { FastifyInstance } from 'fastify';
import { LIST_PAGE_SIZE } from '../../../common/schemas/listing-fields';
import type { Language } from '../../../common/languages';
import { listHead, pageParam } from '../../http/head';
import type { ArtistService } from './service';

/** Heads of the artist listing pages. */
export function registerArtistPages(app: FastifyInstance, service: ArtistService): void {
  const listResolver = async (page: number | null, lang: Language) => {
    if (page === null) return null;
    return listHead({ lang, page, total: await service.count(), pageSize: LIST_PAGE_SIZE, first: 'tattooArtists', numbered: 'tattooArtistsPage' });
  };
  app.pages.heads.set('tattooArtists', (_match, { lang }) => listResolver(1, lang));
  app.pages.heads.set('tattooArtistsPage', (match, { lang }) => listResolver(pageParam(match.params.page), lang));
  for (const id of ['tattooArtists', 'tattooArtistsPage'] as const) app.pages.sharedHeads.add(id);
}
