import type { FastifyInstance } from 'fastify';
import { LIST_PAGE_SIZE } from '../../../common/schemas/listing-fields';
import { withLanguage, type Language } from '../../../common/languages';
import { legacyPath, listHead, pageParam } from '../listings/heads';
import type { ArtistService } from './service';

/** Legacy paths that always lead to one place (document 2, "Redirects and legacy paths"). */
const FIXED_REDIRECTS: Record<string, string> = {
  '/artists': '/tattooartists',
  '/kunstler': '/tattooartists',
  '/künstler': '/tattooartists',
  '/privacy-policy': '/privacy',
};

/** Heads of the artist listing pages, and the fixed legacy paths as real redirects. */
export function registerArtistPages(app: FastifyInstance, service: ArtistService): void {
  const listResolver = async (page: number | null, lang: Language) => {
    if (page === null) return null;
    return listHead({ lang, page, total: await service.count(), pageSize: LIST_PAGE_SIZE, basePath: '/tattooartists', routeId: 'tattooArtists' });
  };
  app.pages.heads.set('tattooArtists', (_match, { lang }) => listResolver(1, lang));
  app.pages.heads.set('tattooArtistsPage', (match, { lang }) => listResolver(pageParam(match.params.page), lang));

  app.pages.redirects.push((pathname) => {
    if (!/artists|nstler|privacy-policy/i.test(pathname)) return null;
    const legacy = legacyPath(pathname);
    if (!legacy) return null;
    const target = FIXED_REDIRECTS[legacy.path];
    return target ? withLanguage(target, legacy.lang) : null;
  });
}
