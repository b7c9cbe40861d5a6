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
