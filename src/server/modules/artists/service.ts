import type { ArtistListQuery, ArtistPage } from '../../../common/schemas/artists';
import type { Language } from '../../../common/languages';
import { AVAILABLE_WINDOW_DAYS, addDays, todayUtc } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { tags } from '../../lib/answer-cache/index';
import { noCache, type ResultCache } from '../../lib/result-cache';
import { groupStyles } from '../listings/index';
import type { CardImages } from '../gallery/index';
import type { ReferenceService } from '../reference/index';
import { presentArtistCard } from './presenter';
import { createArtistRepo, type ArtistFilter } from './repo';

export interface ArtistServiceDeps {
  db: Db;
  listCache?: ResultCache;
  reference: ReferenceService;
  pictures: Pick<CardImages, 'latestWorks'>;
}

/** The artist listing (/tattooartists): four queries a page, whatever its size, cached while fresh. */
export function createArtistService({ db, listCache: cache = noCache, reference, pictures }: ArtistServiceDeps) {
  const repo = createArtistRepo(db);

  const baseFilter = (): ArtistFilter => {
    const now = new Date();
    const today = todayUtc(now);
    return {
      now: now.toISOString(),
      today,
      horizon: addDays(today, AVAILABLE_WINDOW_DAYS),
      styleId: null,
      countryId: null,
      cityId: null,
      available: false,
    };
  };

  async function load(query: ArtistListQuery, lang: Language): Promise<ArtistPage> {
    const filter: ArtistFilter = {
      ...baseFilter(),
      styleId: query.style ?? null,
      countryId: await reference.countryFilterId(query.country),
      cityId: query.city ?? null,
      available: query.available,
    };
    const offset = (query.page - 1) * query.limit;
    const [rows, total] = await Promise.all([repo.listPage(filter, query.limit, offset), repo.count(filter)]);
    const ids = rows.map((r) => r.id);
    const [styleRows, works, cityName] = await Promise.all([repo.stylesOf(ids, lang), pictures.latestWorks(ids), reference.cityNamer(lang)]);
    const styles = groupStyles(styleRows);
    return { items: rows.map((r) => presentArtistCard(r, styles.get(r.id) ?? [], works.get(r.id) ?? [], cityName)), total, page: query.page, pageSize: query.limit };
  }

  return {
    list(query: ArtistListQuery, lang: Language): Promise<ArtistPage> {
      // Filed under each artist shown too: a renamed artist clears the pages showing them.
      return cache.get(`artists:${todayUtc()}:${lang}:${JSON.stringify(query)}`, [tags.artists], () => load(query, lang), (page) => page.items.map((a) => tags.user(a.id)));
    },

    count(): Promise<number> {
      return cache.get(`artists:${todayUtc()}:count`, [tags.artists], () => repo.count(baseFilter()));
    },
  };
}

export type ArtistService = ReturnType<typeof createArtistService>;
