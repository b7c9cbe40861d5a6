import type { Language } from '../../../common/languages';
import { buildPath, profilePathTo } from '../../../common/routes';
import { isDbId } from '../../../common/schemas/ids';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import {
  MAP_CITY_PAGE,
  MAP_CURSOR,
  type MapCity,
  type MapCityAnswer,
  type MapCityQuery,
  type MapItem,
  type MapPlacesAnswer,
  type MapPlacesQuery,
  type MapType,
} from '../../../common/schemas/map';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';
import type { ReferenceService } from '../reference/index';
import { createMapRepo, type CityCount, type MapFilter, type NamedCount } from './repo';

type Counts = Record<MapType, number>;

const CURSOR_LETTER: Record<MapType, string> = { studios: 's', guestspots: 'g', availabilities: 'a' };
const LETTER_TYPE: Record<string, MapType> = { s: 'studios', g: 'guestspots', a: 'availabilities' };
/** A city's items without a type: what is on offer there first, then who works there. */
const CITY_ORDER: MapType[] = ['guestspots', 'availabilities', 'studios'];

const cityNotFound = () => new AppError(404, 'mapCityNotFound');

interface Cursor {
  type: MapType;
  day: string;
  id: number;
}

function readCursor(cursor: string | undefined): Cursor | null {
  const m = cursor ? MAP_CURSOR.exec(cursor) : null;
  if (!cursor) return null;
  // Ten digits may still be past the id columns' range, which PostgreSQL refuses in a comparison.
  if (!m || !isDbId(Number(m[3]))) throw new AppError(400, 'cursorInvalid');
  return { type: LETTER_TYPE[m[1] as string] as MapType, day: m[2] ?? '', id: Number(m[3]) };
}

const writeCursor = (item: MapItem) => `${CURSOR_LETTER[item.type]}_${item.startDate ?? ''}_${item.id}`;

/**
 * The globe map's data: places with counts for the globe and its list, and a city's items.
 * Typed places (a hand-typed city, id 0) join the listed city of that name in their country;
 * the rest are counted as unplaced.
 */
export function createMapService(deps: { db: Db; reference: ReferenceService }) {
  const repo = createMapRepo(deps.db);

  /** The listed city a typed name means in its country (the most populous of that name), else null. */
  async function matcher() {
    const known = new Map<string, number | null>();
    return async (countryId: number | null, name: string | null): Promise<number | null> => {
      if (!countryId || !name?.trim()) return null;
      const key = `${countryId}\u0000${name}`;
      if (!known.has(key)) known.set(key, (await deps.reference.citiesNamed(name, countryId))[0]?.id ?? null);
      return known.get(key) ?? null;
    };
  }

  return {
    async places(query: MapPlacesQuery, lang: Language): Promise<MapPlacesAnswer> {
      const filter: MapFilter = { today: todayInBerlin(), from: query.from, to: query.to, styleId: query.styleId };
      const wanted = new Set(query.types);
      const none = async () => [];
      const [studioCities, studioNames, spotCities, spotNames, availabilityCities, availabilitiesOff] = await Promise.all([
        wanted.has('studios') ? repo.studioCities(filter) : none(),
        wanted.has('studios') ? repo.studioNames(filter) : none(),
        wanted.has('guestspots') ? repo.guestSpotCities(filter) : none(),
        wanted.has('guestspots') ? repo.guestSpotNames(filter) : none(),
        wanted.has('availabilities') ? repo.availabilityCities(filter) : none(),
        wanted.has('availabilities') ? repo.availabilitiesWithoutCity(filter) : Promise.resolve(0),
      ]);
      const counts = new Map<number, Counts>();
      const add = (cityId: number, type: MapType, n: number) => {
        const c = counts.get(cityId) ?? { studios: 0, guestspots: 0, availabilities: 0 };
        c[type] += n;
        counts.set(cityId, c);
      };
      let unplaced = availabilitiesOff;
      const addCities = (rows: CityCount[], type: MapType) => {
        for (const r of rows) add(Number(r.city_id), type, Number(r.n));
      };
      const match = await matcher();
      const addNames = async (rows: NamedCount[], type: MapType) => {
        for (const r of rows) {
          const cityId = await match(r.country_id, r.name);
          if (cityId === null) unplaced += Number(r.n);
          else add(cityId, type, Number(r.n));
        }
      };
      addCities(studioCities, 'studios');
      addCities(spotCities, 'guestspots');
      addCities(availabilityCities, 'availabilities');
      await addNames(studioNames, 'studios');
      await addNames(spotNames, 'guestspots');

      const [rows, cityName] = await Promise.all([repo.cities([...counts.keys()]), deps.reference.cityNamer(lang)]);
      const cities: MapCity[] = rows.map((row) => {
        const c = counts.get(row.id) as Counts;
        return {
          cityId: row.id,
          name: cityName(row.id, null) ?? '',
          countryCode: row.country_code,
          lat: Number(row.latitude),
          lng: Number(row.longitude),
          studios: c.studios,
          guestSpots: c.guestspots,
          availabilities: c.availabilities,
        };
      });
      // Fullest first, so a client drawing in order puts the small markers on top of the large.
      const total = (c: MapCity) => c.studios + c.guestSpots + c.availabilities;
      cities.sort((a, b) => total(b) - total(a) || a.cityId - b.cityId);
      // A listed city that vanished since (an admin's import) leaves its listings unplaced.
      for (const [id, c] of counts) if (!rows.some((r) => r.id === id)) unplaced += c.studios + c.guestspots + c.availabilities;
      return { cities, unplaced };
    },

    async city(cityId: number, query: MapCityQuery, lang: Language): Promise<MapCityAnswer> {
      const [row] = await repo.cities([cityId]);
      if (!row) throw cityNotFound();
      const cursor = readCursor(query.cursor);
      const types = query.type ? [query.type] : CITY_ORDER;
      if (cursor && !types.includes(cursor.type)) throw new AppError(400, 'cursorInvalid');
      const today = todayInBerlin();

      // The typed names in this country that mean this city, for studios and guest spots typed by hand.
      const match = await matcher();
      const typed = await repo.typedNamesIn(row.country_id, today);
      const names: string[] = [];
      for (const name of typed) if ((await match(row.country_id, name)) === row.id) names.push(name);

      const items: MapItem[] = [];
      // One more than a page tells whether another follows.
      const want = MAP_CITY_PAGE + 1;
      const start = cursor ? types.indexOf(cursor.type) : 0;
      for (let i = start; i < types.length && items.length < want; i += 1) {
        const type = types[i] as MapType;
        const after = cursor && cursor.type === type ? { day: cursor.day, id: cursor.id } : null;
        const limit = want - items.length;
        if (type === 'guestspots') {
          for (const r of await repo.guestSpotItems(row.id, row.country_id, names, today, after, limit)) {
            items.push({ type, id: r.id, title: r.title, url: buildPath('guestSpot', { slug: r.slug }), imageUrl: r.photo ?? r.avatar, startDate: r.start_date, endDate: r.end_date });
          }
        } else if (type === 'availabilities') {
          for (const r of await repo.availabilityItems(row.id, today, after, limit)) {
            items.push({ type, id: r.id, title: r.title, url: buildPath('tattooArtist', { slug: r.slug }), imageUrl: r.avatar, startDate: r.start_date, endDate: r.end_date });
          }
        } else {
          for (const r of await repo.studioItems(row.id, row.country_id, names, after ? after.id : null, limit)) {
            items.push({ type, id: r.id, title: r.name, url: profilePathTo(r.username), imageUrl: r.avatar, startDate: null, endDate: null });
          }
        }
      }
      const more = items.length > MAP_CITY_PAGE;
      const page = items.slice(0, MAP_CITY_PAGE);
      const [cityName, counts] = await Promise.all([deps.reference.cityNamer(lang), repo.cityCounts(row.id, row.country_id, names, today)]);
      return {
        city: { cityId: row.id, name: cityName(row.id, null) ?? '', countryCode: row.country_code, lat: Number(row.latitude), lng: Number(row.longitude), ...counts },
        items: page,
        nextCursor: more ? writeCursor(page.at(-1) as MapItem) : null,
      };
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
