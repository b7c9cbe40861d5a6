import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** GET /api/tours/{username} and /{username}/tour.ics: the profile's name as its address writes it. */
export const tourParams = z.object({ username: z.string('validation').trim().min(1, 'validation').max(60, 'userNotFound') });

/** `?lang=` of a public feed (calendar apps send no language): the texts of its events. */
export const tourFeedQuery = z.object({ lang: z.enum(LANGUAGES, 'filterInvalid').optional() });

/** GET /api/calendar/{token}.ics: the secret token, then `.ics`. A malformed one names no feed (404). */
export const calendarFeedParams = z.object({ file: z.string('notFound').regex(/^[A-Za-z0-9_-]{32,64}\.ics$/, 'notFound') });

/** The host studio of a stay on a tour. */
export interface TourHost {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
}

/** One date of an artist's tour: a confirmed stay at a studio, or an open availability. */
export interface TourStop {
  kind: 'stay' | 'availability';
  id: number;
  startDate: string;
  endDate: string;
  /** The place in the page's language ("München"), or the availability's own words. */
  place: string | null;
  /** The stay's host. */
  host: TourHost | null;
  /** The availability's page (slug) and title. */
  availability: { slug: string; title: string } | null;
  /** The listed city the stop is in, for the globe; null where it names none (a free-text place). */
  location: TourLocation | null;
}

/** A tour stop's listed city and its coordinates. */
export interface TourLocation {
  cityId: number;
  lat: number;
  lng: number;
}

/** GET /api/tours/{username}: upcoming and current stops, by first day. */
export interface Tour {
  artist: { id: number; name: string; username: string; avatar: string | null; cityName: string | null };
  stops: TourStop[];
  /** The public feed's address (webcal clients take it with https). */
  feedUrl: string;
}

/** GET /api/calendar: the private feed's address, made on first use. */
export interface CalendarFeed {
  url: string;
}
