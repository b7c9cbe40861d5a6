import type { Availability, AvailabilityCreateData, AvailabilityMatch, AvailabilityUpdateData } from '../../../common/schemas/availability';
import type { Language } from '../../../common/languages';
import { MATCHES_LIMIT, todayUtc } from '../../../common/schemas/listing-fields';
import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { AppError } from '../../errors';
import { noCache, type ResultCache } from '../../lib/result-cache';
import { presentGuestSpot } from '../guest-spots/presenter';
import { createGuestSpotRepo } from '../guest-spots/repo';
import { MATCH_CANDIDATES, rankMatches, scoreMatch } from '../listings/matching';
import { checkStyles, hasPlace, resolvePlace, searchText } from '../listings/places';
import { authorizeManage, authorizePost, canManage } from '../listings/policy';
import { groupStyles } from '../listings/present';
import { createPublicList } from '../listings/public-list';
import { createListingRefsRepo, isUniqueViolation } from '../listings/repo';
import { firstFreeSlug, slugify } from '../listings/slug';
import { presentAvailability } from './presenter';
import { createAvailabilityRepo, type AvailabilityRow, type AvailabilityValues } from './repo';

const SLUG_FALLBACK = 'availability';
const notFound = () => new AppError(404, 'availabilityNotFound');

/** The rules of availabilities (guest artist offers): who posts, edits and sees what; slugs; matching. */
export function createAvailabilityService(db: Db, cache: ResultCache = noCache) {
  const repo = createAvailabilityRepo(db);
  const refs = createListingRefsRepo(db);
  const spots = createGuestSpotRepo(db);

  async function present(rows: AvailabilityRow[], lang: Language): Promise<Availability[]> {
    const styles = groupStyles(await repo.stylesOf(rows.map((r) => r.id), lang));
    return rows.map((r) => presentAvailability(r, styles.get(r.id) ?? []));
  }

  async function load(id: number, lang: Language): Promise<Availability> {
    const row = await repo.findById(id, lang);
    if (!row) throw notFound();
    return (await present([row], lang))[0] as Availability;
  }

  /** Inserts under the first free slug; a concurrent insert of the same slug makes it try the next one. */
  async function insertWithSlug(artistId: number, title: string, values: AvailabilityValues, styleIds: number[]): Promise<number> {
    const base = slugify(title, SLUG_FALLBACK);
    for (let attempt = 0; ; attempt++) {
      const slug = firstFreeSlug(base, await repo.slugsLike(base));
      const now = nowIso();
      try {
        return await repo.transaction((trx) => repo.insert(trx, { ...values, artist_id: artistId, slug, created_at: now, updated_at: now }, styleIds));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  const visibleTo = (viewer: SessionUser | null, row: { is_active: number; artist_id: number }) => row.is_active === 1 || canManage(viewer, row.artist_id);
  const publicList = createPublicList('availabilities', { cache, refs, repo, present });

  /** One availability for a page, or null for nothing to show (the page head answers 404 then). */
  async function findForPage(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Availability | null> {
    const row = 'id' in key ? await repo.findById(key.id, lang) : await repo.findBySlug(key.slug, lang);
    if (!row || !visibleTo(viewer, row)) return null;
    return (await present([row], lang))[0] as Availability;
  }

  return {
    async create(user: SessionUser | null, input: AvailabilityCreateData, lang: Language): Promise<Availability> {
      const artist = authorizePost(user, 'artist');
      const [place, styleIds] = await Promise.all([
        resolvePlace(refs, { countryId: input.countryId, cityId: input.cityId }),
        checkStyles(refs, input.styleIds ?? []),
      ]);
      const values: AvailabilityValues = {
        title: input.title,
        start_date: input.startDate,
        end_date: input.endDate,
        preferred_location: input.preferredLocation ?? null,
        country_id: place.countryId,
        city_id: place.cityId,
        description: input.description ?? null,
        is_active: input.isActive === false ? 0 : 1,
        search_text: searchText([input.title, input.description, input.preferredLocation, place.cityName]),
      };
      const id = await insertWithSlug(artist.id, input.title, values, styleIds);
      return load(id, lang);
    },

    /** Changes the fields sent; the slug stays, so shared links keep working after a retitle. */
    async update(user: SessionUser | null, id: number, input: AvailabilityUpdateData, lang: Language): Promise<Availability> {
      const row = await repo.findOwnRow(id);
      if (!row) throw notFound();
      authorizeManage(user, row.artist_id);
      const startDate = input.startDate ?? row.start_date;
      const endDate = input.endDate ?? row.end_date;
      if (endDate < startDate) throw new AppError(400, 'endBeforeStart', {}, { field: 'endDate', fields: { endDate: 'endBeforeStart' } });
      const placeChanged = hasPlace({ countryId: input.countryId, cityId: input.cityId });
      const [place, styleIds] = await Promise.all([
        resolvePlace(refs, placeChanged ? { countryId: input.countryId, cityId: input.cityId } : { countryId: row.country_id, cityId: row.city_id }),
        input.styleIds === undefined ? undefined : checkStyles(refs, input.styleIds),
      ]);
      const values: Partial<AvailabilityValues> & { updated_at: string } = { updated_at: nowIso(), start_date: startDate, end_date: endDate };
      if (input.title !== undefined) values.title = input.title;
      if (input.description !== undefined) values.description = input.description;
      if (input.preferredLocation !== undefined) values.preferred_location = input.preferredLocation;
      if (input.isActive !== undefined) values.is_active = input.isActive ? 1 : 0;
      if (placeChanged) Object.assign(values, { country_id: place.countryId, city_id: place.cityId });
      values.search_text = searchText([
        values.title ?? row.title,
        values.description === undefined ? row.description : values.description,
        values.preferred_location === undefined ? row.preferred_location : values.preferred_location,
        place.cityName,
      ]);
      await repo.transaction((trx) => repo.update(trx, id, values, styleIds));
      return load(id, lang);
    },

    async remove(user: SessionUser | null, id: number): Promise<void> {
      const row = await repo.findOwnRow(id);
      if (!row) throw notFound();
      authorizeManage(user, row.artist_id);
      await repo.remove(id);
    },

    /** One availability by id or slug; an inactive one only for its artist and admins. */
    async get(viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language): Promise<Availability> {
      const found = await findForPage(viewer, key, lang);
      if (!found) throw notFound();
      return found;
    },

    findForPage,

    /** The slug behind a legacy numeric link. */
    async slugOf(id: number): Promise<string | null> {
      return (await repo.slugById(id))?.slug ?? null;
    },

    /** An artist's entries for the profile tab and manage page: all for the owner (and admins), active ones for others. */
    async listByArtist(viewer: SessionUser | null, artistId: number, limit: number, lang: Language): Promise<Availability[]> {
      return present(await repo.listByArtist(artistId, !canManage(viewer, artistId), limit, lang), lang);
    },

    countByArtist(viewer: SessionUser | null, artistId: number): Promise<number> {
      return repo.countByArtist(artistId, !canManage(viewer, artistId));
    },

    /** The public list: active entries that have not ended, soonest start first, filtered and paged. */
    listPublic: publicList.list,

    /** Guest spots that fit the availability, best first; for the owning artist and admins. */
    async matches(viewer: SessionUser | null, id: number, lang: Language): Promise<AvailabilityMatch[]> {
      const row = await repo.findById(id, lang);
      if (!row) throw notFound();
      authorizeManage(viewer, row.artist_id);
      const availability = (await present([row], lang))[0] as Availability;
      const candidates = await spots.matchCandidates(
        {
          today: todayUtc(),
          startDate: availability.startDate,
          endDate: availability.endDate,
          countryId: availability.countryId,
          cityId: availability.cityId,
          styleIds: availability.styles.map((s) => s.id),
          limit: MATCH_CANDIDATES,
        },
        lang,
      );
      const styles = groupStyles(await spots.stylesOf(candidates.map((c) => c.id), lang));
      const scored = candidates.map((c) => {
        const guestSpot = presentGuestSpot(c, styles.get(c.id) ?? []);
        return { id: c.id, startDate: c.start_date, guestSpot, reasons: scoreMatch(availability, guestSpot) };
      });
      return rankMatches(scored, MATCHES_LIMIT).map(({ reasons, guestSpot }) => ({ ...reasons, guestSpot }));
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
