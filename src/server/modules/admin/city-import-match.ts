import { CITY_MATCH_KM, type CityImportChange } from '../../../common/schemas/admin-cities';
import { foldForSearch } from '../reference/index';
import type { ImportRow } from './city-import-parse';

/** A listed city as the import compares rows with it. */
export interface KnownCity {
  /** Negative for a city this import would add (not written yet). */
  id: number;
  countryCode: string;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  geonameId: number | null;
  /** Its names per interface language, where one is stored. */
  names: Partial<Record<string, string>>;
}

/** What one row does to the cities: add one, change one (the listed columns), or nothing. */
export type RowPlan =
  | { action: 'new' }
  | {
      action: 'update';
      city: KnownCity;
      set: { population?: number; latitude?: number; longitude?: number; geoname_id?: number };
      names: Record<string, string>;
      before: NonNullable<CityImportChange['before']>;
    }
  | { action: 'same'; city: KnownCity }
  | { action: 'duplicate'; line: number };

// Stored coordinates go through float4 on PostgreSQL: closer than ~10 m is the same place.
const COORDINATE_TOLERANCE = 1e-4;

/** Great-circle distance in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const key = (countryCode: string, name: string) => `${countryCode}\u0000${foldForSearch(name.trim())}`;

/**
 * The listed cities, looked up as an import matches rows: by GeoNames id first, else by country
 * and folded name (in any language it is stored in) within CITY_MATCH_KM. A city one row of the
 * file already matched is not matched by a later row: that row is a duplicate, so importing the
 * same file twice can never flip a city between two rows' values.
 */
export class CityIndex {
  private readonly byGeoname = new Map<number, KnownCity>();
  private readonly bySpelling = new Map<string, KnownCity[]>();
  private readonly taken = new Map<number, number>();
  private nextVirtualId = -1;

  constructor(cities: KnownCity[]) {
    for (const city of cities) this.add(city);
  }

  add(city: KnownCity): void {
    if (city.geonameId !== null) this.byGeoname.set(city.geonameId, city);
    for (const spelling of new Set([city.name, ...Object.values(city.names)].filter((n): n is string => !!n))) {
      const k = key(city.countryCode, spelling);
      const list = this.bySpelling.get(k);
      if (list) list.push(city);
      else this.bySpelling.set(k, [city]);
    }
  }

  /**
   * The stored city a typed place name means within its country (no coordinates to compare):
   * the most populous of those carrying that spelling.
   */
  named(countryCode: string, name: string): KnownCity | undefined {
    let best: KnownCity | undefined;
    for (const city of this.bySpelling.get(key(countryCode, name)) ?? []) {
      if (city.id > 0 && (!best || city.population > best.population)) best = city;
    }
    return best;
  }

  /** The listed city a row names, if any. */
  find(row: ImportRow): KnownCity | undefined {
    if (row.geonameId !== null) {
      const byId = this.byGeoname.get(row.geonameId);
      if (byId) return byId;
    }
    let best: KnownCity | undefined;
    let bestKm = Infinity;
    for (const spelling of new Set([row.name, ...Object.values(row.names)])) {
      for (const city of this.bySpelling.get(key(row.countryCode, spelling)) ?? []) {
        const km = distanceKm(row, city);
        if (km <= CITY_MATCH_KM && km < bestKm) {
          best = city;
          bestKm = km;
        }
      }
    }
    return best;
  }

  /**
   * What the row does, and the index updated as if it were done, so later rows see it. A row
   * matching a city under another GeoNames id is another GeoNames entry for the same place (they
   * list some towns twice): it changes nothing.
   */
  plan(row: ImportRow): RowPlan {
    const city = this.find(row);
    if (!city) {
      const added: KnownCity = {
        id: this.nextVirtualId--,
        countryCode: row.countryCode,
        name: row.name,
        latitude: row.latitude,
        longitude: row.longitude,
        population: row.population ?? 0,
        geonameId: row.geonameId,
        names: { ...row.names },
      };
      this.add(added);
      this.taken.set(added.id, row.line);
      return { action: 'new' };
    }
    const earlier = this.taken.get(city.id);
    if (earlier !== undefined) return { action: 'duplicate', line: earlier };
    this.taken.set(city.id, row.line);
    if (row.geonameId !== null && city.geonameId !== null && city.geonameId !== row.geonameId) return { action: 'same', city };

    const set: Extract<RowPlan, { action: 'update' }>['set'] = {};
    if (row.population !== null && row.population !== city.population) set.population = row.population;
    if (Math.abs(row.latitude - city.latitude) > COORDINATE_TOLERANCE || Math.abs(row.longitude - city.longitude) > COORDINATE_TOLERANCE) {
      set.latitude = row.latitude;
      set.longitude = row.longitude;
    }
    if (row.geonameId !== null && city.geonameId === null) set.geoname_id = row.geonameId;
    const names: Record<string, string> = {};
    for (const [lang, name] of Object.entries(row.names)) {
      if (name && name !== (city.names[lang] ?? city.name)) names[lang] = name;
    }
    if (Object.keys(set).length === 0 && Object.keys(names).length === 0) return { action: 'same', city };
    const before = { name: city.name, population: city.population, latitude: city.latitude, longitude: city.longitude, geonameId: city.geonameId };
    // Later rows see the city as this one leaves it.
    Object.assign(city, {
      population: set.population ?? city.population,
      latitude: set.latitude ?? city.latitude,
      longitude: set.longitude ?? city.longitude,
      geonameId: set.geoname_id ?? city.geonameId,
      names: { ...city.names, ...names },
    });
    if (set.geoname_id !== undefined) this.byGeoname.set(set.geoname_id, city);
    return { action: 'update', city, set, names, before };
  }
}

/** A row's change as the preview shows it. */
export function describeChange(row: ImportRow, plan: RowPlan): CityImportChange | null {
  if (plan.action !== 'new' && plan.action !== 'update') return null;
  return {
    line: row.line,
    action: plan.action,
    name: row.name,
    countryCode: row.countryCode,
    population: row.population,
    geonameId: row.geonameId,
    cityId: plan.action === 'update' ? plan.city.id : null,
    before: plan.action === 'update' ? plan.before : null,
  };
}
