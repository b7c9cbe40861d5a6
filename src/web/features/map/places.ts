import { MAP_TYPES, type MapCity, type MapType } from '../../../common/schemas/map';
import type { GlobePlace } from './globe-geometry';

/** The count field of a city for each type. */
export const COUNT_OF: Record<MapType, 'studios' | 'guestSpots' | 'availabilities'> = {
  studios: 'studios',
  guestspots: 'guestSpots',
  availabilities: 'availabilities',
};

/** The address keeps the shown types as `?show=guestspots,studios`; left out, every type shows. */
export function shownTypes(param: string | null): MapType[] {
  if (param === null) return [...MAP_TYPES];
  const wanted = param.split(',');
  return MAP_TYPES.filter((type) => wanted.includes(type));
}

/** The `show` value of a set of types; null (no parameter) when all are shown. */
export function showParam(types: readonly MapType[]): string | null {
  return types.length === MAP_TYPES.length ? null : MAP_TYPES.filter((t) => types.includes(t)).join(',');
}

/** What a city has under the shown types. */
export const shownCount = (city: MapCity, types: readonly MapType[]) => types.reduce((sum, type) => sum + city[COUNT_OF[type]], 0);

/** The cities with something under the shown types, fullest first, then by name. */
export function visibleCities(cities: readonly MapCity[], types: readonly MapType[], collator: Intl.Collator): MapCity[] {
  return cities
    .filter((c) => shownCount(c, types) > 0)
    .sort((a, b) => shownCount(b, types) - shownCount(a, types) || collator.compare(a.name, b.name));
}

export const globePlaces = (cities: readonly MapCity[], types: readonly MapType[]): GlobePlace[] =>
  cities.map((c) => ({ cityId: c.cityId, name: c.name, lat: c.lat, lng: c.lng, count: shownCount(c, types) }));

/** Great-circle distance in km between two points (haversine on a 6371 km sphere). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The city with something under the shown types nearest to a point, with its distance; null when none has. */
export function nearestShown(cities: readonly MapCity[], types: readonly MapType[], point: { lat: number; lng: number }): { city: MapCity; km: number } | null {
  let best: { city: MapCity; km: number } | null = null;
  for (const city of cities) {
    if (shownCount(city, types) === 0) continue;
    const km = distanceKm(point, city);
    if (!best || km < best.km) best = { city, km };
  }
  return best;
}
