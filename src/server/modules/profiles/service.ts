import type { Language } from '../../../common/languages';
import type { ProfileUser, UserSummary, profileUpdateSchema } from '../../../common/schemas/profile';
import type { SessionUser } from '../../../common/schemas/session';
import { usernameKey } from '../../../common/username';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import type { UserUpdate } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { processImage, storeImage } from '../../lib/images/index';
import { listUserImages } from '../gallery/service';
import { profilePolicy } from './policy';
import { presentProfile, presentUserSummary } from './presenter';
import * as repo from './repo';

type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const profileNotFound = () => new AppError(404, 'profileNotFound');

/** A path's username ("Lena-Ink", "lena ink", "LENA-INK") as the key usernames collide on. */
export function keyOfPathName(name: string): repo.ProfileKey {
  return { usernameKey: usernameKey(name) };
}

/** The whole profile in four queries (user, styles, images, image styles), or null. */
export async function loadProfile(db: Db, key: repo.ProfileKey, viewer: SessionUser | null, lang: Language): Promise<ProfileUser | null> {
  const row = await repo.findProfileRow(db, key, lang);
  if (!row) return null;
  const [styles, images] = await Promise.all([repo.findUserStyles(db, row.id, lang), listUserImages(db, row.id, lang)]);
  return presentProfile(row, styles, images, { forOwner: profilePolicy.seePrivate(viewer, row.id) });
}

export async function requireProfile(db: Db, key: repo.ProfileKey, viewer: SessionUser | null, lang: Language): Promise<ProfileUser> {
  const profile = await loadProfile(db, key, viewer, lang);
  if (!profile) throw profileNotFound();
  return profile;
}

export async function userSummary(db: Db, key: repo.ProfileKey): Promise<UserSummary> {
  const row = await repo.findUserSummary(db, key);
  if (!row) throw new AppError(404, 'userNotFound');
  return presentUserSummary(row);
}

function requireOwner(user: SessionUser, profileId: number): void {
  if (!profilePolicy.update(user, profileId)) throw forbidden();
}

const fieldError = (code: string, field: string) => new AppError(400, code, {}, { field });

type Location = Pick<UserUpdate, 'country' | 'country_name' | 'country_id' | 'city' | 'city_name' | 'city_id'>;

/**
 * The stored location from what the form sent. A listed country and city are checked against
 * the tables (the city must lie in the country); city id 0 is a city typed under "Other City".
 * Text is kept too, so a profile still shows a place the tables do not know.
 */
async function resolveLocation(db: Db, input: ProfileUpdate): Promise<Location | undefined> {
  const { country, countryId, city, cityId } = input;
  if (country === undefined && countryId === undefined && city === undefined && cityId === undefined) return undefined;

  let countryRow: { id: number; code: string; name_de: string } | undefined;
  if (typeof countryId === 'number') {
    countryRow = await repo.findCountryById(db, countryId);
    if (!countryRow) throw fieldError('countryUnknown', 'countryId');
  } else if (country) {
    countryRow = await repo.findCountryByText(db, country);
  }

  let cityRow: { id: number; country_id: number; name: string } | undefined;
  if (typeof cityId === 'number' && cityId > 0) {
    cityRow = await repo.findCityById(db, cityId);
    if (!cityRow || (countryRow && cityRow.country_id !== countryRow.id)) throw fieldError('cityUnknown', 'cityId');
    if (!countryRow) countryRow = await repo.findCountryById(db, cityRow.country_id);
  } else if (cityId === 0 && !city) {
    throw fieldError('cityNameRequired', 'city');
  }

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

export async function updateProfile(ctx: AppContext, user: SessionUser, profileId: number, input: ProfileUpdate, lang: Language): Promise<ProfileUser> {
  requireOwner(user, profileId);
  if (input.styles) {
    const found = await repo.findExistingStyleIds(ctx.db, input.styles);
    if (found.length !== input.styles.length) throw fieldError('styleUnknown', 'styles');
  }
  const values: UserUpdate = { name: input.name, updated_at: new Date().toISOString() };
  const texts = ['bio', 'instagram', 'facebook', 'tiktok', 'youtube', 'telegram', 'whatsapp', 'pinterest', 'twitter', 'website', 'gender', 'experience'] as const;
  for (const key of texts) if (input[key] !== undefined) values[key] = input[key];
  if (input.languages !== undefined) values.languages = JSON.stringify(input.languages);
  if (input.workstations !== undefined) values.workstations = input.workstations;
  if (input.piercings !== undefined) values.piercings = input.piercings ? 1 : 0;
  if (input.tattooRemoval !== undefined) values.tattoo_removal = input.tattooRemoval ? 1 : 0;
  if (input.microblading !== undefined) values.microblading = input.microblading ? 1 : 0;
  Object.assign(values, await resolveLocation(ctx.db, input));
  await repo.updateProfile(ctx.db, profileId, values, input.styles);
  return requireProfile(ctx.db, { id: profileId }, user, lang);
}

const IMAGE_COLUMN = { avatar: 'avatar', header: 'header_image' } as const;
const IMAGE_FOLDER = { avatar: 'avatars', header: 'headers' } as const;

/**
 * Replaces the avatar or header with an upload. The slow image work comes before the short
 * transaction that swaps the URL; the replaced files are deleted only after it committed.
 */
export async function uploadProfileImage(ctx: AppContext, user: SessionUser, profileId: number, kind: 'avatar' | 'header', image: Buffer): Promise<string> {
  requireOwner(user, profileId);
  const processed = await processImage(image, kind);
  const stored = await storeImage(ctx.storage, processed, `${IMAGE_FOLDER[kind]}/${profileId}`);
  let old: string | null | undefined;
  try {
    old = await repo.replaceImage(ctx.db, profileId, IMAGE_COLUMN[kind], stored.imageUrl, new Date().toISOString());
  } catch (err) {
    // No row points at the new files, so nothing else would ever delete them.
    await ctx.deleteFiles([stored.imageUrl]).catch(() => undefined);
    throw err;
  }
  if (old === undefined) {
    await ctx.deleteFiles([stored.imageUrl]);
    throw profileNotFound();
  }
  if (old) await ctx.deleteFiles([old]);
  return stored.imageUrl;
}

export async function deleteProfileImage(ctx: AppContext, user: SessionUser, profileId: number, kind: 'avatar' | 'header'): Promise<void> {
  requireOwner(user, profileId);
  const old = await repo.replaceImage(ctx.db, profileId, IMAGE_COLUMN[kind], null, new Date().toISOString());
  if (old) await ctx.deleteFiles([old]);
}
