import { createRequire } from 'node:module';
import type { Insertable } from 'kysely';
import { LANGUAGES, type Language as Lang } from '../../../common/languages';
import type { CountriesTable } from '../../db/schema';

type CountriesLib = typeof import('i18n-iso-countries');

/**
 * The package's first name is mostly the short common one, but for some countries it is the
 * formal long form ("Russian Federation", "Syrien, Arabische Republik") or, in Portuguese,
 * swaps the two Congos. People pick their country from a list, so they get the name they
 * would say.
 */
const COMMON_NAMES: Record<Lang, Record<string, string>> = {
  en: {
    CN: 'China',
    CZ: 'Czechia',
    FK: 'Falkland Islands',
    FM: 'Micronesia',
    GM: 'Gambia',
    IR: 'Iran',
    KR: 'South Korea',
    LA: 'Laos',
    MD: 'Moldova',
    MK: 'North Macedonia',
    PS: 'Palestine',
    RU: 'Russia',
    SY: 'Syria',
    TW: 'Taiwan',
    TZ: 'Tanzania',
    US: 'United States',
    VA: 'Vatican City',
    VG: 'British Virgin Islands',
    VI: 'U.S. Virgin Islands',
  },
  de: {
    CD: 'Demokratische Republik Kongo',
    CZ: 'Tschechien',
    RU: 'Russland',
    SY: 'Syrien',
    TZ: 'Tansania',
    US: 'Vereinigte Staaten',
  },
  es: {
    CD: 'República Democrática del Congo',
    KP: 'Corea del Norte',
    KR: 'Corea del Sur',
    LA: 'Laos',
    SY: 'Siria',
  },
  fr: {
    US: 'États-Unis',
    VA: 'Vatican',
  },
  pt: {
    CD: 'República Democrática do Congo',
    CG: 'República do Congo',
    MM: 'Mianmar',
    PS: 'Palestina',
  },
};

/** One row per ISO 3166-1 alpha-2 code, named in the five interface languages. */
export function loadCountries(): Insertable<CountriesTable>[] {
  const require = createRequire(import.meta.url);
  // The package's main entry registers all ~80 locales; only five are needed.
  const lib = require('i18n-iso-countries/index.js') as CountriesLib;
  for (const lang of LANGUAGES) lib.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));
  const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, lib.getNames(lang)])) as Record<Lang, Record<string, string>>;
  const name = (lang: Lang, code: string) => COMMON_NAMES[lang][code] ?? names[lang][code] ?? names.en[code] ?? code;
  return Object.keys(lib.getAlpha2Codes()).map((code) => ({
    code,
    name_en: name('en', code),
    name_de: name('de', code),
    name_es: name('es', code),
    name_fr: name('fr', code),
    name_pt: name('pt', code),
  }));
}
