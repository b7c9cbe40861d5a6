import type { ArtistListQuery, ArtistPage } from '../../../common/schemas/artists';
import type { Language } from '../../../common/languages';
import { AVAILABLE_WINDOW_DAYS, addDays, todayUtc } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { countryFilterId } from '../listings/places';
import { groupStyles } from '../listings/present';
import { createListingRefsRepo } from '../listings/repo';
import { presentArtistCard } from './presenter';
import { createArtistRepo, type ArtistFilter } from './repo';

/** The artist listing (/tattooartists): three queries a page, whatever its size. */
export function createArtistService(db: Db) {
  const repo = createArtistRepo(db);
  const refs = createListingRefsRepo(db);

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

  return {
    async list(query: ArtistListQuery, lang: Language): Promise<ArtistPage> {
      const filter: ArtistFilter = {
        ...baseFilter(),
        styleId: query.style ?? null,
        countryId: await countryFilterId(refs, query.country),
        cityId: query.city ?? null,
        available: query.available,
      };
      const offset = (query.page - 1) * query.limit;
      const [rows, total] = await Promise.all([repo.listPage(filter, query.limit, offset), repo.count(filter)]);
      const styles = groupStyles(await repo.stylesOf(rows.map((r) => r.id), lang));
      return { items: rows.map((r) => presentArtistCard(r, styles.get(r.id) ?? [])), total, page: query.page, pageSize: query.limit };
    },

    count(): Promise<number> {
      return repo.count(baseFilter());
    },
  };
}

export type ArtistService = ReturnType<typeof createArtistService>;
