import type { GuestSpot, GuestSpotCreateData, GuestSpotMatch, GuestSpotUpdateData } from '../../../common/schemas/guest-spots';
import type { Language } from '../../../common/languages';
import { MATCHES_LIMIT, todayUtc } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { AppError } from '../../errors';
import { noCache, type ResultCache } from '../../lib/result-cache';
import { presentAvailability } from '../availability/presenter';
import { createAvailabilityRepo } from '../availability/repo';
import { MATCH_CANDIDATES, rankMatches, scoreMatch } from '../listings/matching';
import { checkStyles, hasPlace, resolvePlace, searchText, type Place } from '../listings/places';
import { authorizeManage, authorizePost, canManage } from '../listings/policy';
import { groupStyles } from '../listings/present';
import { createPublicList } from '../listings/public-list';
import { createListingRefsRepo, isUniqueViolation } from '../listings/repo';
import { firstFreeSlug, slugify } from '../listings/slug';
import { presentGuestSpot } from './presenter';
import { createGuestSpotRepo, type GuestSpotRow, type GuestSpotValues } from './repo';

const SLUG_FALLBACK = 'guest-spot';
const notFound = () => new AppError(404, 'guestSpotNotFound');

/** The rules of guest spots: who posts, edits and sees what; slugs; place defaults; matching. */
export function createGuestSpotService(db: Db, cache: ResultCache = noCache) {
  const repo = createGuestSpotRepo(db);
  const refs = createListingRefsRepo(db);
  const availabilities = createAvailabilityRepo(db);

  async function present(rows: GuestSpotRow[], lang: Language): Promise<GuestSpot[]> {
    const styles = groupStyles(await repo.stylesOf(rows.map((r) => r.id), lang));
    return rows.map((r) => presentGuestSpot(r, styles.get(r.id) ?? []));
  }

  async function load(id: number, lang: Language): Promise<GuestSpot> {
    const row = await repo.findById(id, lang);
    if (!row) throw notFound();
    return (await present([row], lang))[0] as GuestSpot;
  }

  /** The studio's own city and country, as the form preselects them; a stale city id is dropped. */
  async function studioPlace(studioId: number): Promise<Place> {
    const user = await refs.findUserPlace(studioId);
    const cityName = user?.city_name ?? user?.city ?? null;
    try {
      return await resolvePlace(refs, { countryId: user?.country_id, cityId: user?.city_id, cityName });
    } catch {
      return { countryId: null, cityId: null, cityName };
    }
  }

  /** Inserts under the first free slug; a concurrent insert of the same slug makes it try the next one. */
  async function insertWithSlug(studioId: number, title: string, values: GuestSpotValues, styleIds: number[]): Promise<number> {
    const base = slugify(title, SLUG_FALLBACK);
    for (let attempt = 0; ; attempt++) {
      const slug = firstFreeSlug(base, await repo.slugsLike(base));
      const now = nowIso();
      try {
        return await repo.transaction((trx) => repo.insert(trx, { ...values, studio_id: studioId, slug, created_at: now, updated_at: now }, styleIds));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  const visibleTo = (viewer: SessionUser | null, row: { is_active: number; studio_id: number }) => row.is_active === 1 || canManage(viewer, row.studio_id);

  const publicList = createPublicList('guest-spots', { cache, refs, repo, present });

  return {
    async create(user: SessionUser | null, input: GuestSpotCreateData, lang: Language): Promise<GuestSpot> {
      const studio = authorizePost(user, 'studio');
      const [place, styleIds] = await Promise.all([
        hasPlace(input) ? resolvePlace(refs, input) : studioPlace(studio.id),
        checkStyles(refs, input.styleIds ?? []),
      ]);
      const values: GuestSpotValues = {
        title: input.title,
        description: input.description ?? null,
        start_date: input.startDate,
        end_date: input.endDate,
        country_id: place.countryId,
        city_id: place.cityId,
        city_name: place.cityName,
        compensation: input.compensation ?? null,
        compensation_details: input.compensationDetails ?? null,
        places: input.places ?? 1,
        requirements: input.requirements ?? null,
        is_active: input.isActive === false ? 0 : 1,
        search_text: searchText([input.title, input.description, place.cityName]),
      };
      const id = await insertWithSlug(studio.id, input.title, values, styleIds);
      return load(id, lang);
    },

    /** Changes the fields sent; the slug stays, so shared links keep working after a retitle. */
    async update(user: SessionUser | null, id: number, input: GuestSpotUpdateData, lang: Language): Promise<GuestSpot> {
      const row = await repo.findOwnRow(id);
      if (!row) throw notFound();
      authorizeManage(user, row.studio_id);
      const startDate = input.startDate ?? row.start_date;
      const endDate = input.endDate ?? row.end_date;
      if (endDate < startDate) throw new AppError(400, 'endBeforeStart', {}, { field: 'endDate', fields: { endDate: 'endBeforeStart' } });
      const [place, styleIds] = await Promise.all([
        hasPlace(input) ? resolvePlace(refs, input) : null,
        input.styleIds === undefined ? undefined : checkStyles(refs, input.styleIds),
      ]);
      const values: Partial<GuestSpotValues> & { updated_at: string } = { updated_at: nowIso(), start_date: startDate, end_date: endDate };
      if (input.title !== undefined) values.title = input.title;
      if (input.description !== undefined) values.description = input.description;
      if (input.compensation !== undefined) values.compensation = input.compensation;
      if (input.compensationDetails !== undefined) values.compensation_details = input.compensationDetails;
      if (input.places !== undefined) values.places = input.places;
      if (input.requirements !== undefined) values.requirements = input.requirements;
      if (input.isActive !== undefined) values.is_active = input.isActive ? 1 : 0;
      if (place) Object.assign(values, { country_id: place.countryId, city_id: place.cityId, city_name: place.cityName });
      values.search_text = searchText([
        values.title ?? row.title,
        values.description === undefined ? row.description : values.description,
        place ? place.cityName : row.city_name,
      ]);
      await repo.transaction((trx) => repo.update(trx, id, values, styleIds));
      return load(id, lang);
    },

    async remove(user: SessionUser | null, id: number): Promise<void> {
      const row = await repo.findOwnRow(id);
      if (!row) throw notFound();
      authorizeManage(user, row.studio_id);
      await repo.remove(id);
    },

    /** One spot by id or slug; an inactive one only for its studio and admins. */
    async get(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<GuestSpot> {
      const row = 'id' in key ? await repo.findById(key.id, lang) : await repo.findBySlug(key.slug, lang);
      if (!row || !visibleTo(viewer, row)) throw notFound();
      return (await present([row], lang))[0] as GuestSpot;
    },

    /** Like get, but null for nothing to show (the page head answers 404 then). */
    async findForPage(viewer: SessionUser | null, slug: string, lang: Language): Promise<GuestSpot | null> {
      const row = await repo.findBySlug(slug, lang);
      if (!row || !visibleTo(viewer, row)) return null;
      return (await present([row], lang))[0] as GuestSpot;
    },

    /** The slug behind a legacy numeric link. */
    async slugOf(id: number): Promise<string | null> {
      return (await repo.slugById(id))?.slug ?? null;
    },

    /** A studio's spots for its profile tab and manage page: all for the owner (and admins), active ones for others. */
    async listByStudio(viewer: SessionUser | null, studioId: number, limit: number, lang: Language): Promise<GuestSpot[]> {
      return present(await repo.listByStudio(studioId, !canManage(viewer, studioId), limit, lang), lang);
    },

    countByStudio(viewer: SessionUser | null, studioId: number): Promise<number> {
      return repo.countByStudio(studioId, !canManage(viewer, studioId));
    },

    /** The public list: active spots that have not ended, soonest start first, filtered and paged. */
    listPublic: publicList.list,
    countPublic: publicList.count,

    /** Artists whose active availabilities fit the spot, best first; for the owning studio and admins. */
    async matches(viewer: SessionUser | null, id: number, lang: Language): Promise<GuestSpotMatch[]> {
      const row = await repo.findById(id, lang);
      if (!row) throw notFound();
      authorizeManage(viewer, row.studio_id);
      const spot = (await present([row], lang))[0] as GuestSpot;
      const candidates = await availabilities.matchCandidates(
        {
          today: todayUtc(),
          startDate: spot.startDate,
          endDate: spot.endDate,
          countryId: spot.countryId,
          cityId: spot.cityId,
          styleIds: spot.styles.map((s) => s.id),
          limit: MATCH_CANDIDATES,
        },
        lang,
      );
      const styles = groupStyles(await availabilities.stylesOf(candidates.map((c) => c.id), lang));
      const scored = candidates.map((c) => {
        const availability = presentAvailability(c, styles.get(c.id) ?? []);
        return { id: c.id, startDate: c.start_date, availability, reasons: scoreMatch(spot, availability) };
      });
      return rankMatches(scored, MATCHES_LIMIT).map(({ reasons, availability }) => ({ ...reasons, availability }));
    },
  };
}

export type GuestSpotService = ReturnType<typeof createGuestSpotService>;
