import { findCountry, useCountries } from './get-countries';

/** One country (by id or ISO code) and its cities, read from the one countries list: no call of its own. */
export function useCities(countryRef: number | string | null | undefined) {
  const countries = useCountries();
  const country = findCountry(countries.data, countryRef);
  return { countries, country, cities: country?.cities };
}
