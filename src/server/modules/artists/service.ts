import type { ArtistListQuery, ArtistPage, StudioListQuery, StudioPage } from '../../../common/schemas/artists';
import type { Language } from '../../../common/languages';
import { AVAILABLE_WINDOW_DAYS, addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { tags } from '../../lib/answer-cache/index';
import { noCache, type ResultCache } from '../../lib/result-cache';
import { TOTAL_AHEAD, cappedTotal, groupStyles } from '../listings/index';
import type { CardImages } from '../gallery/index';
import type { CityNamer, ReferenceService } from '../reference/index';
import type { CardImage } from '../../../common/schemas/card-images';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { presentArtistCard, presentStudioCard } from './presenter';
import { ARTISTS, STUDIOS, createArtistRepo, type ArtistFilter, type ArtistRow } from './repo';

export interface ArtistServiceDeps {
  db: Db;
  listCache?: ResultCache;
  reference: ReferenceService;
  pictures: Pick<CardImages, 'latestWorks'>;
}

/**
 * What the studio pages are filed under: whatever clears the artist list (profile edits, pictures,
 * featured status, suspensions) and every guest spot write (the "open guest spots" filter and
 * the card's spot).
 */
export const STUDIO_TAGS = [tags.artists, tags.listings('guest-spots')];

/** The filters a directory page was asked for, in the repo's terms. */
interface DirectoryQuery {
  style?: number | null;
  country?: string | null;
  city?: number | null;
  available: boolean;
  page: number;
  limit: number;
}

/**
 * The directories of profiles: artists (/tattooartists, with their availability in the next 60
 * days) and studios (/tattoostudios, with their open guest spots). Four queries a page, whatever
 * its size, cached while fresh.
 */
export function createArtistService({ db, listCache: cache = noCache, reference, pictures }: ArtistServiceDeps) {
  const directories = {
    artists: { repo: createArtistRepo(db, ARTISTS), windowDays: AVAILABLE_WINDOW_DAYS as number | null, tags: [tags.artists] },
    // A studio's guest spot counts however far ahead it starts: it is open to applications now.
    studios: { repo: createArtistRepo(db, STUDIOS), windowDays: null, tags: STUDIO_TAGS },
  };
  type Name = keyof typeof directories;

  const baseFilter = (name: Name): ArtistFilter => {
    const now = new Date();
    const today = todayInBerlin(now);
    const { windowDays } = directories[name];
    return {
      now: now.toISOString(),
      today,
      horizon: windowDays === null ? null : addDays(today, windowDays),
      styleId: null,
      countryId: null,
      cityId: null,
      available: false,
    };
  };

  async function load<Item>(
    name: Name,
    query: DirectoryQuery,
    lang: Language,
    present: (row: ArtistRow, styles: StyleRef[], images: CardImage[], cityName: CityNamer) => Item,
  ) {
    const { repo } = directories[name];
    const filter: ArtistFilter = {
      ...baseFilter(name),
      styleId: query.style ?? null,
      countryId: await reference.countryFilterId(query.country),
      cityId: query.city ?? null,
      available: query.available,
    };
    const offset = (query.page - 1) * query.limit;
    const [rows, counted] = await Promise.all([repo.listPage(filter, query.limit, offset), repo.count(filter, offset + TOTAL_AHEAD + 1)]);
    const ids = rows.map((r) => r.id);
    const [styleRows, works, cityName] = await Promise.all([repo.stylesOf(ids, lang), pictures.latestWorks(ids), reference.cityNamer(lang)]);
    const styles = groupStyles(styleRows);
    return { items: rows.map((r) => present(r, styles.get(r.id) ?? [], works.get(r.id) ?? [], cityName)), ...cappedTotal(counted, offset), page: query.page, pageSize: query.limit };
  }

  const count = (name: Name): Promise<number> =>
    cache.get(`${name}:${todayInBerlin()}:count`, directories[name].tags, () => directories[name].repo.count(baseFilter(name)));

  return {
    list(query: ArtistListQuery, lang: Language): Promise<ArtistPage> {
      // Filed under each artist shown too: a renamed artist clears the pages showing them.
      return cache.get(`artists:${todayInBerlin()}:${lang}:${JSON.stringify(query)}`, [tags.artists], () => load('artists', query, lang, presentArtistCard), (page) =>
        page.items.map((a) => tags.user(a.id)),
      );
    },

    count: () => count('artists'),

    listStudios(query: StudioListQuery, lang: Language): Promise<StudioPage> {
      const directoryQuery = { ...query, available: query.openGuestSpots };
      return cache.get(`studios:${todayInBerlin()}:${lang}:${JSON.stringify(query)}`, STUDIO_TAGS, () => load('studios', directoryQuery, lang, presentStudioCard), (page) =>
        page.items.map((s) => tags.user(s.id)),
      );
    },

    countStudios: () => count('studios'),
  };
}

export type ArtistService = ReturnType<typeof createArtistService>;
