import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../i18n/language';
import { api } from '../../lib/api';
import { useHydrating } from '../../ui/use-hydrating';
import { REFERENCE_CACHE } from './cache';

export interface CityOption {
  id: number;
  name: string;
  countryId: number;
  countryCode: string;
}

export interface CountryOption {
  id: number;
  code: string;
  name: string;
  cities: CityOption[];
}

/**
 * Countries with their cities (GET /countries-cities-completed.json), named in the interface
 * language. With `afterHydration` the list is asked for only once the page is the browser's: a
 * server-rendered page then neither waits for it nor carries it (about 220 KB of JSON, which made
 * the public lists' HTML six times larger only to fill a filter's options).
 */
export function useCountries({ afterHydration = false }: { afterHydration?: boolean } = {}) {
  const lang = useLanguage();
  const hydrating = useHydrating();
  return useQuery({
    queryKey: ['countries-cities', lang],
    queryFn: ({ signal }) => api.get<CountryOption[]>(`/countries-cities-completed.json?lang=${lang}`, { signal }),
    enabled: !(afterHydration && hydrating),
    ...REFERENCE_CACHE,
  });
}

/** A country of the list by id, or by its ISO code in any case (the list filters keep codes). */
export function findCountry(countries: CountryOption[] | undefined, ref: number | string | null | undefined): CountryOption | undefined {
  if (ref === null || ref === undefined || ref === '') return undefined;
  const text = String(ref);
  return countries?.find((c) => String(c.id) === text || c.code === text.toUpperCase());
}

/** Countries as select options, by code or (with `byId`) by id. */
export function countryOptions(countries: CountryOption[] | undefined, byId = false) {
  return countries?.map((c) => ({ value: byId ? String(c.id) : c.code, label: c.name }));
}

/** A country's cities as select options, by id. */
export function cityOptions(country: CountryOption | undefined) {
  return country?.cities.map((c) => ({ value: String(c.id), label: c.name }));
}
