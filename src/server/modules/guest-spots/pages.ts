import type { FastifyInstance } from 'fastify';
import { formatDate } from '../../../common/format';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { LIST_PAGE_SIZE } from '../../../common/schemas/listing-fields';
import { withLanguage, type Language } from '../../../common/languages';
import { t } from '../../i18n';
import { absoluteUrl, cutText, everyLanguage, listHead, pageParam, profileUrl } from '../listings/heads';
import type { GuestSpotService } from './service';

const spotPath = (slug: string) => `/guestspot/${encodeURIComponent(slug)}`;

/** schema.org JobPosting: a guest spot is a temporary work place offered by a studio. */
function jobPosting(spot: GuestSpot, publicUrl: string, lang: Language, description: string) {
  const address =
    spot.cityName || spot.countryCode
      ? { '@type': 'PostalAddress', addressLocality: spot.cityName ?? undefined, addressCountry: spot.countryCode ?? undefined }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: spot.title,
    description: spot.description ?? description,
    datePosted: spot.createdAt.slice(0, 10),
    validThrough: spot.endDate,
    jobStartDate: spot.startDate,
    employmentType: 'TEMPORARY',
    url: publicUrl + withLanguage(spotPath(spot.slug), lang),
    hiringOrganization: {
      '@type': 'Organization',
      name: spot.studio.name,
      sameAs: profileUrl(publicUrl, spot.studio.username),
      logo: absoluteUrl(publicUrl, spot.studio.avatar),
    },
    ...(address ? { jobLocation: { '@type': 'Place', address } } : {}),
  };
}

/**
 * Page heads of the guest spot screens, and the lookup behind the legacy and German paths naming
 * one spot (the redirect itself is http/pages.ts's; nothing found goes to the list or manage page).
 */
export function registerGuestSpotPages(app: FastifyInstance, service: GuestSpotService): void {
  app.pages.heads.set('guestSpot', async (match, { lang, request, app: ctx }) => {
    const spot = await service.findForPage(request.user, match.params.slug ?? '', lang);
    if (!spot) return null;
    const place = [spot.cityName, spot.countryName].filter(Boolean).join(', ');
    const fallback = t(lang, 'seo:guestSpot.description', {
      studio: spot.studio.name,
      place: place || '-',
      start: formatDate(spot.startDate, lang),
      end: formatDate(spot.endDate, lang),
    });
    const description = cutText(spot.description ?? fallback);
    return {
      title: t(lang, 'seo:guestSpot.title', { title: spot.title, studio: spot.studio.name }),
      description,
      image: spot.studio.avatar ?? undefined,
      type: 'article',
      // A retired spot is still shown to its studio, but is nothing to index.
      noindex: !spot.isActive,
      jsonLd: jobPosting(spot, ctx.config.publicUrl, lang, fallback),
      alternates: everyLanguage(spotPath(spot.slug)),
    };
  });

  const listResolver = async (page: number | null, lang: Language) => {
    if (page === null) return null;
    return listHead({ lang, page, total: await service.countPublic(), pageSize: LIST_PAGE_SIZE, basePath: '/guestspots', routeId: 'guestSpots' });
  };
  app.pages.heads.set('guestSpots', (_match, { lang }) => listResolver(1, lang));
  app.pages.heads.set('guestSpotsPage', (match, { lang }) => listResolver(pageParam(match.params.page), lang));
  // The German list path shows the list; its canonical is /guestspots.
  app.pages.heads.set('gastplatze', (_match, { lang }) => listResolver(1, lang));

  // The legacy paths naming one spot by id or German slug (src/common/legacy-paths.ts).
  app.pages.legacyLookups.set('guestSpot', service.visibleSlug);
  app.pages.legacyLookups.set('guestSpotEdit', service.visibleSlug);
}
