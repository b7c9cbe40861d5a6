import type { GuestSpot, GuestSpotCreateData, GuestSpotMatch, GuestSpotUpdateData } from '../../../common/schemas/guest-spots';
import type { Language } from '../../../common/languages';
import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { noCache, type ResultCache } from '../../lib/result-cache';
import { presentAvailability } from '../availability/presenter';
import { createAvailabilityRepo } from '../availability/repo';
import { createListingCore, findMatches } from '../listings/listing-service';
import { checkStyles, hasPlace, resolvePlace, searchText, type Place } from '../listings/places';
import { authorizeManage, authorizePost } from '../listings/policy';
import { createPublicList } from '../listings/public-list';
import { createListingRefsRepo } from '../listings/repo';
import { presentGuestSpot } from './presenter';
import { createGuestSpotRepo, type GuestSpotRow, type GuestSpotValues } from './repo';

/** The rules of guest spots: who posts, edits and sees what; slugs; place defaults; matching. */
export function createGuestSpotService(db: Db, cache: ResultCache = noCache) {
  const repo = createGuestSpotRepo(db);
  const refs = createListingRefsRepo(db);
  const availabilities = createAvailabilityRepo(db);

  const core = createListingCore<GuestSpotRow, GuestSpot, GuestSpotValues>({
    repo,
    presentOne: presentGuestSpot,
    ownerOf: (row) => row.studio_id,
    notFoundCode: 'guestSpotNotFound',
    slugFallback: 'guest-spot',
  });
  const { present, load } = core;

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
      const id = await core.insertWithSlug(studio.id, input.title, values, styleIds);
      return load(id, lang);
    },

    /** Changes the fields sent; the slug stays, so shared links keep working after a retitle. */
    async update(user: SessionUser | null, id: number, input: GuestSpotUpdateData, lang: Language): Promise<GuestSpot> {
      await core.ownRow(user, id, input);
      const [place, styleIds] = await Promise.all([
        hasPlace(input) ? resolvePlace(refs, input) : null,
        input.styleIds === undefined ? undefined : checkStyles(refs, input.styleIds),
      ]);
      await core.updateLocked(
        user,
        id,
        input,
        (row) => {
          const values: Partial<GuestSpotValues> = {};
          if (input.title !== undefined) values.title = input.title;
          if (input.description !== undefined) values.description = input.description;
          if (input.compensation !== undefined) values.compensation = input.compensation;
          if (input.compensationDetails !== undefined) values.compensation_details = input.compensationDetails;
          if (input.places !== undefined) values.places = input.places;
          if (input.requirements !== undefined) values.requirements = input.requirements;
          if (input.isActive !== undefined) values.is_active = input.isActive ? 1 : 0;
          if (place) Object.assign(values, { country_id: place.countryId, city_id: place.cityId, city_name: place.cityName });
          if (values.title !== undefined || values.description !== undefined || place) {
            values.search_text = searchText([
              values.title ?? row.title,
              values.description === undefined ? row.description : values.description,
              place ? place.cityName : row.city_name,
            ]);
          }
          return values;
        },
        styleIds,
      );
      return load(id, lang);
    },

    remove: core.remove,
    get: core.get,
    /** A spot's page by its slug, or null for nothing to show (the page head answers 404 then). */
    findForPage: (viewer: SessionUser | null, slug: string, lang: Language) => core.findForPage(viewer, { slug }, lang),
    visibleSlug: core.visibleSlug,
    /** A studio's spots for its profile tab and manage page: all for the owner (and admins), active ones for others. */
    listByStudio: core.listByOwner,
    countByStudio: core.countByOwner,

    /** The public list: active spots that have not ended, soonest start first, filtered and paged. */
    listPublic: publicList.list,
    countPublic: publicList.count,

    /** Artists whose active availabilities fit the spot, best first; for the owning studio and admins. */
    async matches(viewer: SessionUser | null, id: number, lang: Language): Promise<GuestSpotMatch[]> {
      const spot = await load(id, lang);
      authorizeManage(viewer, spot.studio.id);
      const matches = await findMatches(spot, { repo: availabilities, presentOne: presentAvailability }, lang);
      return matches.map(({ item, ...reasons }) => ({ ...reasons, availability: item }));
    },
  };
}

export type GuestSpotService = ReturnType<typeof createGuestSpotService>;
