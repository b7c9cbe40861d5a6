import { randomBytes } from 'node:crypto';
import { isLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import type { CalendarFeed, Tour, TourLocation, TourStop } from '../../../common/schemas/tour';
import { profilePath, usernameKey } from '../../../common/username';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { t } from '../../i18n';
import type { CityNamer } from '../reference/index';
import { writeCalendar, type CalendarEvent } from './ics';
import * as repo from './repo';

export interface TourDeps extends Pick<AppContext, 'db' | 'config'> {
  reference: { cityNamer(lang: Language): Promise<CityNamer> };
  /** Today in Berlin; tests move it. */
  today?: () => string;
}

export type TourService = ReturnType<typeof createTourService>;

/** The private feed keeps a stay this many days after it ended, so last month's trip stays in the calendar. */
const FEED_PAST_DAYS = 90;

/** A stop's city on the globe, when it is a listed one (PostgreSQL's numeric columns come as text). */
function locationOf(cityId: number | null, lat: number | string | null, lng: number | string | null): TourLocation | null {
  if (cityId === null || lat === null || lng === null) return null;
  return { cityId, lat: Number(lat), lng: Number(lng) };
}

const artistNotFound = () => notFound('userNotFound');
const feedNotFound = () => notFound('notFound');

export function createTourService({ db, config, reference, today = () => todayInBerlin() }: TourDeps) {
  const host = new URL(config.publicUrl).host;
  const uid = (kind: string, id: number) => `${kind}-${id}@${host}`;
  const profileUrl = (username: string) => `${config.publicUrl}/${profilePath(username)}`;

  async function artistNamed(username: string): Promise<repo.ArtistRow> {
    const artist = await repo.findArtist(db, usernameKey(username));
    if (!artist) throw artistNotFound();
    return artist;
  }

  /** An artist's confirmed stays and open availabilities from today on, by first day. */
  async function tour(username: string, lang: Language): Promise<Tour> {
    const artist = await artistNamed(username);
    const from = today();
    const [stays, availabilities, nameCity] = await Promise.all([
      repo.confirmedStays(db, artist.id, from, 'artist'),
      repo.openAvailabilities(db, artist.id, from),
      reference.cityNamer(lang),
    ]);
    const stops: TourStop[] = [
      ...stays.map((s): TourStop => ({
        kind: 'stay',
        id: s.id,
        startDate: s.start_date,
        endDate: s.end_date,
        place: nameCity(undefined, s.city_name) ?? nameCity(s.studio_city_id, null),
        host: { id: s.studio_id, name: s.studio_name, username: s.studio_username, avatar: s.studio_avatar },
        availability: null,
        location: locationOf(s.place_city_id, s.latitude, s.longitude),
      })),
      ...availabilities.map((v): TourStop => {
        // A listed city with its country; else the artist's own words ("Hamburg und Köln"), which say more than the country.
        const city = nameCity(v.city_id, null);
        const country = v[`country_${lang}`];
        return {
          kind: 'availability',
          id: v.id,
          startDate: v.start_date,
          endDate: v.end_date,
          place: city ? [city, country].filter(Boolean).join(', ') : (v.preferred_location ?? country),
          host: null,
          availability: { slug: v.slug, title: v.title },
          location: locationOf(v.city_id, v.latitude, v.longitude),
        };
      }),
    ].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.kind.localeCompare(b.kind) || a.id - b.id);
    return {
      artist: { id: artist.id, name: artist.name, username: artist.username, avatar: artist.avatar, cityName: nameCity(artist.city_id, artist.city_name) },
      stops,
      feedUrl: `${config.publicUrl}/${profilePath(artist.username)}/tour.ics`,
    };
  }

  /** The public feed: what the tour page shows, as all-day events. Nothing private: no terms, no requests. */
  async function publicFeed(username: string, lang: Language): Promise<string> {
    const { artist, stops } = await tour(username, lang);
    const events = stops.map((stop): CalendarEvent => {
      const base = { start: stop.startDate, end: stop.endDate, location: stop.place, status: 'CONFIRMED' as const };
      if (stop.kind === 'stay' && stop.host) {
        return {
          ...base,
          uid: uid('stay', stop.id),
          summary: t(lang, 'calendar:stay', { artist: artist.name, studio: stop.host.name }),
          url: profileUrl(stop.host.username),
        };
      }
      return {
        ...base,
        uid: uid('availability', stop.id),
        summary: t(lang, 'calendar:availability', { artist: artist.name }),
        description: stop.availability?.title ?? null,
        url: profileUrl(artist.username),
        status: 'TENTATIVE',
      };
    });
    return writeCalendar({ name: t(lang, 'calendar:tourName', { name: artist.name }), events });
  }

  /** The private feed's address, made on first use. */
  async function feed(user: SessionUser): Promise<CalendarFeed> {
    const token = await repo.feedToken(db, user.id, randomBytes(24).toString('base64url'), new Date().toISOString());
    return { url: `${config.publicUrl}/api/calendar/${token}.ics` };
  }

  /** Revokes the private feed: its address answers 404; the next GET makes a new one. */
  async function revokeFeed(user: SessionUser): Promise<void> {
    await repo.deleteFeed(db, user.id);
  }

  /** One's own confirmed stays (recent and coming) and pending requests, in one's own language. */
  async function privateFeed(token: string): Promise<string> {
    const user = await repo.userOfFeed(db, token);
    if (!user) throw feedNotFound();
    const lang: Language = isLanguage(user.language) ? user.language : 'de';
    const now = today();
    const [stays, requests] = await Promise.all([
      repo.confirmedStays(db, user.id, addDays(now, -FEED_PAST_DAYS), 'either'),
      repo.pendingRequests(db, user.id, now),
    ]);
    const events: CalendarEvent[] = [
      ...stays.map((s): CalendarEvent => {
        const asArtist = s.artist_id === user.id;
        return {
          uid: uid('stay', s.id),
          start: s.start_date,
          end: s.end_date,
          location: s.city_name,
          summary: asArtist ? t(lang, 'calendar:myStayArtist', { studio: s.studio_name }) : t(lang, 'calendar:myStayStudio', { artist: s.artist_name }),
          url: profileUrl(asArtist ? s.studio_username : s.artist_username),
          status: 'CONFIRMED',
        };
      }),
      ...requests.map((r): CalendarEvent => ({
        uid: uid('request', r.id),
        start: r.start_date,
        end: r.end_date,
        summary: t(lang, r.kind === 'invitation' ? 'calendar:pendingInvitation' : 'calendar:pendingApplication', {
          artist: r.artist_name,
          studio: r.studio_name,
        }),
        description: r.spot_title,
        url: config.publicUrl + pathTo('dealRequests', {}, lang),
        status: 'TENTATIVE',
      })),
    ];
    return writeCalendar({ name: t(lang, 'calendar:privateName'), events });
  }

  return { tour, publicFeed, feed, revokeFeed, privateFeed };
}
