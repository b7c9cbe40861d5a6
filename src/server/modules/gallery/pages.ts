import type { FastifyInstance } from 'fastify';
import { LANGUAGES, withLanguage, type Language } from '../../../common/languages';
import type { RouteId } from '../../../common/routes';
import { staticHead } from '../../http/pages';

/** The gallery's own path in each language. */
const GALLERY_PATHS: Record<Language, string> = {
  en: '/tattoo-gallery',
  de: '/tattoo-galerie',
  es: '/galeria-de-tatuajes',
  fr: '/galerie-de-tatouages',
  pt: '/galeria-de-tatuagens',
};
const GALLERY_ROUTES: RouteId[] = ['gallery', 'galleryDe', 'galleryEs', 'galleryFr', 'galleryPt'];

/**
 * Every spelling answers in every language (/de/tattoo-gallery too), but each language has one
 * canonical gallery address, and hreflang links the five: search engines index five pages, not
 * twenty-five copies.
 */
export function registerGalleryPages(app: FastifyInstance): void {
  const alternates = Object.fromEntries(LANGUAGES.map((lang) => [lang, withLanguage(GALLERY_PATHS[lang], lang)])) as Record<Language, string>;
  for (const id of GALLERY_ROUTES) app.pages.heads.set(id, async (_match, { lang }) => ({ ...staticHead(id, lang), alternates }));
}
