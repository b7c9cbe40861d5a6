import type { Language } from '../../../common/languages';
import {
  NEAREST_CITY_MAX_KM,
  type LocationCity,
  type LocationSearchAnswer,
  type LocationSearchQuery,
  type NearestLocationAnswer,
  type NearestLocationQuery,
} from '../../../common/schemas/locations';
import type { Db } from '../../db/index';
import { foldForSearch } from '../reference/index';
import { createLocationRepo, type Box, type CityRow } from './repo';

/** The mean Earth radius (IUGG), in km. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points (haversine), in km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The latitude and longitude ranges holding every point within `km` of a point: the longitude
 * span widens towards the poles (taken at the box's edge nearest a pole), covers every
 * longitude once the box reaches a pole, and splits in two across the antimeridian.
 */
export function boundingBox(lat: number, lng: number, km: number): Box {
  const dLat = km / KM_PER_DEGREE;
  const latMin = Math.max(-90, lat - dLat);
  const latMax = Math.min(90, lat + dLat);
  const edge = Math.max(Math.abs(latMin), Math.abs(latMax));
  if (edge >= 90) return { latMin, latMax, lng: [[-180, 180]] };
  const dLng = dLat / Math.cos(rad(edge));
  if (dLng >= 180) return { latMin, latMax, lng: [[-180, 180]] };
  const min = lng - dLng;
  const max = lng + dLng;
  if (min < -180) return { latMin, latMax, lng: [[min + 360, 180], [-180, max]] };
  if (max > 180) return { latMin, latMax, lng: [[min, 180], [-180, max - 360]] };
  return { latMin, latMax, lng: [[min, max]] };
}

function present(row: CityRow): LocationCity {
  return {
    cityId: row.id,
    name: row.local_name ?? row.name,
    countryCode: row.country_code,
    countryName: row.country_name,
    lat: Number(row.latitude),
    lng: Number(row.longitude),
  };
}

/** Location search (a prefix of any name a city has) and the nearest listed city to a point. */
export function createLocationService(deps: { db: Db }) {
  const repo = createLocationRepo(deps.db);
  return {
    async search(query: LocationSearchQuery, lang: Language): Promise<LocationSearchAnswer> {
      const prefix = foldForSearch(query.q);
      // Only marks typed ("́́"): nothing is left to match.
      if (!prefix) return { results: [] };
      const rows = await repo.search(prefix, query.countryCode, query.limit, lang);
      return { results: rows.map(present) };
    },

    async nearest({ lat, lng }: NearestLocationQuery, lang: Language): Promise<NearestLocationAnswer> {
      let best: { id: number; km: number; population: number } | null = null;
      for (const c of await repo.inBox(boundingBox(lat, lng, NEAREST_CITY_MAX_KM))) {
        const km = distanceKm(lat, lng, Number(c.latitude), Number(c.longitude));
        if (km > NEAREST_CITY_MAX_KM) continue;
        // Equally far (a city listed twice at one spot): the larger one is the place people name.
        if (!best || km < best.km || (km === best.km && c.population > best.population)) best = { id: c.id, km, population: c.population };
      }
      const row = best && (await repo.findCity(best.id, lang));
      if (!best || !row) return { city: null, distanceKm: null };
      return { city: present(row), distanceKm: Math.round(best.km * 10) / 10 };
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
