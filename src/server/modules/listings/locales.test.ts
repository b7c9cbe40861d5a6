import { describe, expect, it } from 'vitest';
import { lookup, type Dict } from '../../../common/i18n';
import { LANGUAGES } from '../../../common/languages';
import { ROUTES } from '../../../common/routes';

const load = async (lang: string, ns: string) => (await import(`../../../common/locales/${lang}/${ns}.json`)).default as Dict;
/** The server's error texts: what the browser shows itself, and what only an answer carries. */
const errorTexts = async (lang: string): Promise<Dict> => ({ ...(await load(lang, 'errors')), ...(await load(lang, 'serverErrors')) });

/** Every error key the listing schemas, services and routes answer with. */
const ERROR_KEYS = [
  'onlyStudios', 'onlyArtists', 'titleRequired', 'dateRequired', 'dateInvalid', 'dateTooEarly', 'endBeforeStart',
  'styleUnknown', 'tooManyStyles', 'countryUnknown', 'cityUnknown', 'cityNotInCountry', 'placesRange', 'filterInvalid',
  'guestSpotNotFound', 'availabilityNotFound', 'tooLong', 'validation', 'forbidden', 'unauthorized', 'controlCharacters',
  'listingCreatesPerHour', 'guestSpotsActiveMax', 'availabilitiesActiveMax',
];
const ROUTE_IDS = Object.keys(ROUTES).filter((id) => /guestSpot|gastplatze|guestArtist|availability|tattooArtist/.test(id));
const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('listing texts in all five languages', () => {
  it('has every error key, with the same placeholders as English', async () => {
    const en = await errorTexts('en');
    for (const lang of LANGUAGES) {
      const dict = await errorTexts(lang);
      for (const key of ERROR_KEYS) {
        expect(lookup(dict, key), `${lang}:${key}`).toBeTruthy();
        expect(placeholders(lookup(dict, key)), `${lang}:${key}`).toEqual(placeholders(lookup(en, key)));
      }
    }
  });

  it('has a title and description for every listing route', async () => {
    expect(ROUTE_IDS.length).toBe(18);
    const en = await load('en', 'seo');
    for (const lang of LANGUAGES) {
      const dict = await load(lang, 'seo');
      for (const id of ROUTE_IDS) {
        for (const field of ['title', 'description']) {
          const key = `${id}.${field}`;
          expect(lookup(dict, key), `${lang}:${key}`).toBeTruthy();
          expect(placeholders(lookup(dict, key)), `${lang}:${key}`).toEqual(placeholders(lookup(en, key)));
        }
      }
    }
  });
});
