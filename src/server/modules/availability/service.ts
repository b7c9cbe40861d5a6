import type { Availability, AvailabilityCreateData, AvailabilityMatch, AvailabilityUpdateData } from '../../../common/schemas/availability';
import type { Language } from '../../../common/languages';
import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { noCache, type ResultCache } from '../../lib/result-cache';
import { presentGuestSpot } from '../guest-spots/presenter';
import { createGuestSpotRepo } from '../guest-spots/repo';
import { createListingCore, findMatches } from '../listings/listing-service';
import { checkStyles, hasPlace, resolvePlace, searchText } from '../listings/places';
import { authorizeManage, authorizePost } from '../listings/policy';
import { createPublicList } from '../listings/public-list';
import { createListingRefsRepo } from '../listings/repo';
import { presentAvailability } from './presenter';
import { createAvailabilityRepo, type AvailabilityRow, type AvailabilityValues } from './repo';

/** The rules of availabilities (guest artist offers): who posts, edits and sees what; slugs; matching. */
export function createAvailabilityService(db: Db, cache: ResultCache = noCache) {
  const repo = createAvailabilityRepo(db);
  const refs = createListingRefsRepo(db);
  const spots = createGuestSpotRepo(db);

  const core = createListingCore<AvailabilityRow, Availability, AvailabilityValues>({
    repo,
    presentOne: presentAvailability,
    ownerOf: (row) => row.artist_id,
    notFoundCode: 'availabilityNotFound',
    slugFallback: 'availability',
  });
  const { present, load } = core;
  const publicList = createPublicList('availabilities', { cache, refs, repo, present });

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
      const id = await core.insertWithSlug(artist.id, input.title, values, styleIds);
      return load(id, lang);
    },

    /** Changes the fields sent; the slug stays, so shared links keep working after a retitle. */
    async update(user: SessionUser | null, id: number, input: AvailabilityUpdateData, lang: Language): Promise<Availability> {
      await core.ownRow(user, id, input);
      const placeChanged = hasPlace({ countryId: input.countryId, cityId: input.cityId });
      const [place, styleIds] = await Promise.all([
        placeChanged ? resolvePlace(refs, { countryId: input.countryId, cityId: input.cityId }) : null,
        input.styleIds === undefined ? undefined : checkStyles(refs, input.styleIds),
      ]);
      await core.updateLocked(
        user,
        id,
        input,
        (row) => {
          const values: Partial<AvailabilityValues> = {};
          if (input.title !== undefined) values.title = input.title;
          if (input.description !== undefined) values.description = input.description;
          if (input.preferredLocation !== undefined) values.preferred_location = input.preferredLocation;
          if (input.isActive !== undefined) values.is_active = input.isActive ? 1 : 0;
          if (place) Object.assign(values, { country_id: place.countryId, city_id: place.cityId });
          if (values.title !== undefined || values.description !== undefined || values.preferred_location !== undefined || place) {
            values.search_text = searchText([
              values.title ?? row.title,
              values.description === undefined ? row.description : values.description,
              values.preferred_location === undefined ? row.preferred_location : values.preferred_location,
              place ? place.cityName : row.place_city_name,
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
    findForPage: core.findForPage,
    visibleSlug: core.visibleSlug,
    /** An artist's entries for the profile tab and manage page: all for the owner (and admins), active ones for others. */
    listByArtist: core.listByOwner,
    countByArtist: core.countByOwner,

    /** The public list: active entries that have not ended, soonest start first, filtered and paged. */
    listPublic: publicList.list,

    /** Guest spots that fit the availability, best first; for the owning artist and admins. */
    async matches(viewer: SessionUser | null, id: number, lang: Language): Promise<AvailabilityMatch[]> {
      const availability = await load(id, lang);
      authorizeManage(viewer, availability.artist.id);
      const matches = await findMatches(availability, { repo: spots, presentOne: presentGuestSpot }, lang);
      return matches.map(({ item, ...reasons }) => ({ ...reasons, guestSpot: item }));
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
