import { z } from 'zod';
import { isCalendarDay } from '../listing-limits';
import { text } from '../text';
import { MAX_ID } from './ids';

/**
 * The globe map (`/map`): what it places on the globe. Studios are profiles with a city; guest
 * spots and availabilities are public listings with a place.
 */
export const MAP_TYPES = ['studios', 'guestspots', 'availabilities'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/** Items of one city a page of `/api/map/cities/{cityId}` answers. */
export const MAP_CITY_PAGE = 20;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const isMapType = (v: string): v is MapType => (MAP_TYPES as readonly string[]).includes(v);

/** `types=studios,guestspots`: a comma list of MAP_TYPES, every type when left out; duplicates dropped. */
const typesField = z.preprocess(
  emptyToUndefined,
  text('mapTypesInvalid')
    .max(100, 'mapTypesInvalid')
    .transform((v) => v.split(',').map((t) => t.trim()))
    .refine((list) => list.every(isMapType), 'mapTypesInvalid')
    .transform((list) => MAP_TYPES.filter((t) => list.includes(t)))
    .optional(),
);

const queryDay = z.preprocess(emptyToUndefined, text('dateInvalid').refine(isCalendarDay, 'dateInvalid').optional());

/** GET /api/map/places: which types, one style, and listings whose period overlaps from..to. */
export const mapPlacesQuery = z
  .object({
    types: typesField.transform((v) => v ?? [...MAP_TYPES]),
    styleId: z.preprocess(emptyToUndefined, z.coerce.number('filterInvalid').int('filterInvalid').positive('filterInvalid').max(MAX_ID, 'filterInvalid').optional()),
    from: queryDay,
    to: queryDay,
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', message: 'endBeforeStart', path: ['to'] });
  });
export type MapPlacesQuery = z.infer<typeof mapPlacesQuery>;

/** The path of GET /api/map/cities/{cityId}: a malformed id is a 400, one out of range names no city. */
export const mapCityParams = z.object({
  cityId: z.coerce.number('filterInvalid').int('filterInvalid').positive('filterInvalid').max(MAX_ID, 'mapCityNotFound'),
});

/**
 * The cursor of a city's next page: the type it stands in, the day the last item started (empty
 * for studios, which have none) and its id, as `g_2026-05-01_17`.
 */
export const MAP_CURSOR = /^([sga])_(\d{4}-\d{2}-\d{2})?_(\d{1,10})$/;

/** GET /api/map/cities/{cityId}: one type, or every type the map shows (guest spots, availabilities, studios). */
export const mapCityQuery = z.object({
  type: z.preprocess(emptyToUndefined, z.enum(MAP_TYPES, 'mapTypesInvalid').optional()),
  cursor: z.preprocess(emptyToUndefined, text('cursorInvalid').max(40, 'cursorInvalid').regex(MAP_CURSOR, 'cursorInvalid').optional()),
});
export type MapCityQuery = z.infer<typeof mapCityQuery>;

/** A city with what the map shows there, named in the request's language. */
export interface MapCity {
  cityId: number;
  name: string;
  countryCode: string;
  lat: number;
  lng: number;
  studios: number;
  guestSpots: number;
  availabilities: number;
}

/** `unplaced`: what matched the filters but has no city the map knows (none given, or a typed name no listed city has). */
export interface MapPlacesAnswer {
  cities: MapCity[];
  unplaced: number;
}

export interface MapItem {
  type: MapType;
  id: number;
  title: string;
  /** A path without a language prefix. */
  url: string;
  imageUrl: string | null;
  /** yyyy-mm-dd; null for a studio. */
  startDate: string | null;
  endDate: string | null;
}

export interface MapCityAnswer {
  city: MapCity;
  items: MapItem[];
  nextCursor: string | null;
}

/** GET /api/config/maps-key: the browser key of Google Maps, null when none is configured. */
export interface MapsKeyAnswer {
  status: 'success';
  data: { apiKey: string | null };
}
