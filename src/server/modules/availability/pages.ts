import type { FastifyInstance } from 'fastify';
import { formatDate } from '../../../common/format';
import type { Availability } from '../../../common/schemas/availability';
import { withLanguage, type Language } from '../../../common/languages';
import type { AppContext } from '../../context';
import type { Head } from '../../http/head';
import { t } from '../../i18n';
import { absoluteUrl, cutText, everyLanguage, profileUrl } from '../listings/heads';
import type { AvailabilityService } from './service';

const detailPath = (slug: string) => `/tattooartist/${encodeURIComponent(slug)}`;

/** schema.org Event: an artist working as a guest in a period, at a place. */
function event(a: Availability, publicUrl: string, lang: Language, description: string) {
  const artist = { '@type': 'Person', name: a.artist.name, url: profileUrl(publicUrl, a.artist.username), image: absoluteUrl(publicUrl, a.artist.avatar) };
  const placeName = a.preferredLocation ?? ([a.cityName, a.countryName].filter(Boolean).join(', ') || undefined);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: a.title,
    description: a.description ?? description,
    startDate: a.startDate,
    endDate: a.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: publicUrl + withLanguage(detailPath(a.slug), lang),
    image: absoluteUrl(publicUrl, a.artist.avatar),
    location: {
      '@type': 'Place',
      name: placeName,
      ...(a.cityName || a.countryCode
        ? { address: { '@type': 'PostalAddress', addressLocality: a.cityName ?? undefined, addressCountry: a.countryCode ?? undefined } }
        : {}),
    },
    performer: artist,
    organizer: artist,
  };
}

function availabilityHead(a: Availability, lang: Language, ctx: AppContext): Head & { alternates: Record<Language, string> } {
  const place = a.preferredLocation ?? ([a.cityName, a.countryName].filter(Boolean).join(', ') || '-');
  const fallback = t(lang, 'seo:tattooArtist.description', {
    artist: a.artist.name,
    place,
    start: formatDate(a.startDate, lang),
    end: formatDate(a.endDate, lang),
  });
  return {
    title: t(lang, 'seo:tattooArtist.title', { title: a.title, artist: a.artist.name }),
    description: cutText(a.description ?? fallback),
    image: a.artist.avatar ?? undefined,
    type: 'article',
    noindex: !a.isActive,
    jsonLd: event(a, ctx.config.publicUrl, lang, fallback),
    // /artist-availability/{id} and /tattooartist/{slug} show the same: the slug page is canonical (decision 6).
    alternates: everyLanguage(detailPath(a.slug)),
  };
}

/** Page heads of the availability detail screens and the legacy availability paths as real redirects. */
export function registerAvailabilityPages(app: FastifyInstance, service: AvailabilityService): void {
  app.pages.heads.set('tattooArtist', async (match, { lang, request, app: ctx }) => {
    const found = await service.findForPage(request.user, { slug: match.params.slug ?? '' }, lang);
    return found ? availabilityHead(found, lang, ctx) : null;
  });

  app.pages.heads.set('availabilityDetail', async (match, { lang, request, app: ctx }) => {
    const raw = match.params.id ?? '';
    if (!/^\d{1,15}$/.test(raw)) return null;
    const found = await service.findForPage(request.user, { id: Number(raw) }, lang);
    return found ? availabilityHead(found, lang, ctx) : null;
  });

  // /availability/{id} and /tattooartists/{id} (src/common/legacy-paths.ts) name an entry by id.
  app.pages.legacyLookups.set('availability', service.visibleSlug);
}
