import type { Language } from '../../../common/languages';
import type { ProfileUser, UserSummary, profileUpdateSchema } from '../../../common/schemas/profile';
import type { SessionUser } from '../../../common/schemas/session';
import { usernameKey } from '../../../common/username';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import type { Transaction } from 'kysely';
import type { Database, UserUpdate } from '../../db/schema';
import { defineChange, type Emitted } from '../../lib/outbox/index';
import { AppError, forbidden } from '../../errors';
import { tags } from '../../lib/answer-cache/index';
import { processImage, recordStoredImage, storeImage } from '../../lib/images/index';
import { cardImageTags, type GalleryService } from '../gallery/index';
import type { ReferenceService } from '../reference/index';
import { profilePolicy } from './policy';
import { presentUserCard } from '../../lib/user-card';
import { presentProfile } from './presenter';
import * as repo from './repo';

type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const profileNotFound = () => new AppError(404, 'profileNotFound');

/** A path's username ("Lena-Ink", "lena ink", "LENA-INK") as the key usernames collide on. */
export function keyOfPathName(name: string): repo.ProfileKey {
  return { usernameKey: usernameKey(name) };
}

const IMAGE_COLUMN = { avatar: 'avatar', header: 'header_image' } as const;
const IMAGE_FOLDER = { avatar: 'avatars', header: 'headers' } as const;

export interface ProfileDeps extends Pick<AppContext, 'db' | 'storage' | 'deleteFiles' | 'invalidation'>, Partial<Pick<AppContext, 'outbox'>> {
  /** The portfolio the profile answer carries. */
  gallery: Pick<GalleryService, 'listUserImages'>;
  /** Checks of style ids and of the place against the reference tables. */
  reference: Pick<ReferenceService, 'checkStyleIds' | 'resolvePlace' | 'cityNamer'>;
  /**
   * What a saved profile sets off (saved searches of the artist directory): an outbox event
   * written in the save's transaction, handed to `committed` after.
   */
  onSaved?: { emit(trx: Transaction<Database>, userId: number): Promise<Emitted>; committed(...events: Emitted[]): void };
}

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: ProfileDeps) {
  const { db } = deps;
  // A saved profile: the user's own answers and cards, and the lists that filter by their place and styles.
  const saved = defineChange<{ userId: number }>(deps.outbox, deps.invalidation, 'profiles.saved', ({ userId }) => [tags.user(userId), tags.artists, tags.gallery]);
  // A new or removed avatar or header: every card that shows the user's picture.
  const pictured = defineChange<{ userId: number }>(deps.outbox, deps.invalidation, 'profiles.pictured', ({ userId }) => cardImageTags(userId));

  /** The whole profile in four queries (user, styles, images, image styles), or null. */
  async function loadProfile(key: repo.ProfileKey, viewer: SessionUser | null, lang: Language): Promise<ProfileUser | null> {
    const row = await repo.findProfileRow(db, key, lang);
    // An admin is staff: no public profile, only their own view of the account.
    if (!row || (row.role === 'admin' && viewer?.id !== row.id)) return null;
    const [styles, images, cityName] = await Promise.all([
      repo.findUserStyles(db, row.id, lang),
      deps.gallery.listUserImages(row.id, viewer, lang),
      deps.reference.cityNamer(lang),
    ]);
    return presentProfile(row, styles, images, { forOwner: profilePolicy.seePrivate(viewer, row.id), can: profilePolicy.can(viewer, row.id), cityName });
  }

  async function requireProfile(key: repo.ProfileKey, viewer: SessionUser | null, lang: Language): Promise<ProfileUser> {
    const profile = await loadProfile(key, viewer, lang);
    if (!profile) throw profileNotFound();
    return profile;
  }

  async function userSummary(key: repo.ProfileKey): Promise<UserSummary> {
    const row = await repo.findUserSummary(db, key);
    if (!row || row.role === 'admin') throw new AppError(404, 'userNotFound');
    // GET /api/users/{id}: the user's card (id, name, userType at the top level).
    return presentUserCard(row);
  }

  async function updateProfile(user: SessionUser, profileId: number, input: ProfileUpdate, lang: Language): Promise<ProfileUser> {
    authorizeEdit(user, profileId);
    if (input.styles) await deps.reference.checkStyleIds(input.styles, { field: 'styles', error: fieldError });
    const values: UserUpdate = { name: input.name, updated_at: new Date().toISOString() };
    const texts = ['bio', 'instagram', 'facebook', 'tiktok', 'youtube', 'telegram', 'whatsapp', 'pinterest', 'twitter', 'website', 'gender', 'experience'] as const;
    for (const key of texts) if (input[key] !== undefined) values[key] = input[key];
    if (input.languages !== undefined) values.languages = JSON.stringify(input.languages);
    if (input.workstations !== undefined) values.workstations = input.workstations;
    if (input.piercings !== undefined) values.piercings = input.piercings ? 1 : 0;
    if (input.tattooRemoval !== undefined) values.tattoo_removal = input.tattooRemoval ? 1 : 0;
    if (input.microblading !== undefined) values.microblading = input.microblading ? 1 : 0;
    Object.assign(values, await resolveLocation(db, deps.reference, input));
    const onSaved = deps.onSaved;
    const matched = await saved.around({ userId: profileId }, (within) =>
      repo.updateProfile(db, profileId, values, input.styles, async (trx) => {
        await within(trx);
        return onSaved?.emit(trx, profileId);
      }),
    );
    if (matched) onSaved?.committed(matched);
    return requireProfile({ id: profileId }, user, lang);
  }

  /**
   * Replaces the avatar or header with an upload. The slow image work comes before the short
   * transaction that swaps the URL; the replaced files are deleted only after it committed.
   */
  async function uploadProfileImage(user: SessionUser, profileId: number, kind: 'avatar' | 'header', image: Buffer): Promise<string> {
    authorizeEdit(user, profileId);
    const processed = await processImage(image, kind);
    const stored = await storeImage(deps.storage, processed, `${IMAGE_FOLDER[kind]}/${profileId}`);
    const old = await recordStoredImage(
      stored,
      deps.deleteFiles,
      () => pictured.around({ userId: profileId }, (within) => repo.replaceImage(db, profileId, IMAGE_COLUMN[kind], stored.imageUrl, new Date().toISOString(), within)),
      (replaced): replaced is undefined => replaced === undefined,
      profileNotFound,
    );
    if (old) await deps.deleteFiles([old]);
    return stored.imageUrl;
  }

  /** Whether an upload's picture became the avatar or header, for a retry after a crash. */
  async function showsUploadedImage(user: SessionUser, profileId: number, kind: 'avatar' | 'header', imageUrl: string): Promise<boolean> {
    authorizeEdit(user, profileId);
    return repo.showsImage(db, profileId, IMAGE_COLUMN[kind], imageUrl);
  }

  async function deleteProfileImage(user: SessionUser, profileId: number, kind: 'avatar' | 'header'): Promise<void> {
    authorizeEdit(user, profileId);
    const old = await pictured.around({ userId: profileId }, (within) => repo.replaceImage(db, profileId, IMAGE_COLUMN[kind], null, new Date().toISOString(), within));
    if (old) await deps.deleteFiles([old]);
  }

  return { loadProfile, requireProfile, userSummary, authorizeEdit, updateProfile, uploadProfileImage, showsUploadedImage, deleteProfileImage };
}

/**
 * 403 unless the user may edit the profile. Routes that must refuse before reading a body (an
 * upload) call it first; the service's own calls check it again.
 */
function authorizeEdit(user: SessionUser, profileId: number): void {
  if (!profilePolicy.update(user, profileId)) throw forbidden();
}

const fieldError = (code: string, field: string) => new AppError(400, code, {}, { field });

type Location = Pick<UserUpdate, 'country' | 'country_name' | 'country_id' | 'city' | 'city_name' | 'city_id'>;

/**
 * The stored location from what the form sent. A listed country and city are checked against
 * the tables (the city must lie in the country); city id 0 is a city typed under "Other City".
 * Text is kept too, so a profile still shows a place the tables do not know.
 */
async function resolveLocation(db: Db, reference: ProfileDeps['reference'], input: ProfileUpdate): Promise<Location | undefined> {
  const { country, countryId, city, cityId } = input;
  if (country === undefined && countryId === undefined && city === undefined && cityId === undefined) return undefined;

  // A country sent as text only is looked up by name; a city in another country is `cityUnknown` here.
  const byText = typeof countryId !== 'number' && country ? await repo.findCountryByText(db, country) : undefined;
  const place = await reference.resolvePlace(
    { countryId: typeof countryId === 'number' ? countryId : (byText?.id ?? null), cityId: typeof cityId === 'number' && cityId > 0 ? cityId : null },
    { cityMismatch: 'cityUnknown', error: fieldError },
  );
  if (cityId === 0 && !city) throw fieldError('cityNameRequired', 'city');
  const countryRow = place.countryId === null ? undefined : await repo.findCountryById(db, place.countryId);
  const cityRow = place.cityId === null ? undefined : { id: place.cityId, name: place.cityName };

  const countryText = countryRow ? countryRow.name_de : (country ?? null);
  const cityText = cityRow ? cityRow.name : (city ?? null);
  return {
    country: countryText,
    country_name: countryText,
    country_id: countryRow?.id ?? null,
    city: cityText,
    city_name: cityText,
    city_id: cityRow ? cityRow.id : cityId === 0 ? 0 : null,
  };
}

