import { z } from 'zod';
import {
  EXPERIENCE_RANGES,
  GENDERS,
  LANGUAGE_IDS,
  WORKSTATIONS_MAX,
  type Experience,
  type Gender,
  type LanguageId,
  type Role,
  type UserType,
} from '../constants';
import type { SocialNetwork } from '../social-links';
import { displayName, text } from '../text';
import type { Can } from './can';
import type { GalleryImage } from './gallery';
import { MAX_ID, pathId } from './ids';

/** Profile text limits (the specification gives none; chosen for the product). */
export const PROFILE_LIMITS = {
  name: 100,
  bio: 5000,
  place: 120,
  social: 200,
  website: 300,
  styles: 30,
} as const;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: absent leaves the value as it is, empty or null clears it. */
const optionalText = (max: number) =>
  z.preprocess(emptyToNull, text('validation').trim().max(max, 'tooLong').nullish());

/** A choice from a list, or empty/null for "not specified". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyToNull, z.enum(values, message).nullish());

/** Form checkboxes arrive as booleans, 0/1 or their strings. */
const flag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' || v === '' || v === null ? false : v),
  z.boolean('validation'),
);

const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** A style id as a number, a numeric string or a `{id}` object (the profile answer's own shape). */
const styleId = z.preprocess(
  (v) => numeric(typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v),
  z.number('styleUnknown').int('styleUnknown').positive('styleUnknown').max(MAX_ID, 'styleUnknown'),
);

/** Style ids as the profile and gallery forms send them; duplicates dropped. */
export const styleIdList = z
  .array(styleId, 'styleUnknown')
  .max(PROFILE_LIMITS.styles, 'tooManyStyles')
  .transform((ids) => [...new Set(ids)]);

/**
 * A person's or studio's shown name: required, with something visible, without bidirectional
 * controls (they let a name pass for another).
 */
export const displayNameSchema = displayName('nameRequired', PROFILE_LIMITS.name);

/**
 * PUT /api/users/{id}/profile. Fields left out stay as they are; `name` is
 * required. `cityId` 0 is a city typed under "Other City", named by `city`.
 */
export const profileUpdateSchema = z.object({
  name: displayNameSchema,
  bio: optionalText(PROFILE_LIMITS.bio),
  instagram: optionalText(PROFILE_LIMITS.social),
  facebook: optionalText(PROFILE_LIMITS.social),
  tiktok: optionalText(PROFILE_LIMITS.social),
  youtube: optionalText(PROFILE_LIMITS.social),
  telegram: optionalText(PROFILE_LIMITS.social),
  whatsapp: optionalText(PROFILE_LIMITS.social),
  pinterest: optionalText(PROFILE_LIMITS.social),
  twitter: optionalText(PROFILE_LIMITS.social),
  website: optionalText(PROFILE_LIMITS.website),
  gender: optionalChoice(GENDERS, 'genderInvalid'),
  experience: optionalChoice(EXPERIENCE_RANGES, 'experienceInvalid'),
  languages: z.preprocess(
    (v) => (v === null || v === '' ? [] : v),
    z
      .array(z.enum(LANGUAGE_IDS, 'languageInvalid'), 'languageInvalid')
      .max(LANGUAGE_IDS.length * 2, 'languageInvalid')
      .transform((ids) => [...new Set(ids)])
      .optional(),
  ),
  country: optionalText(PROFILE_LIMITS.place),
  city: optionalText(PROFILE_LIMITS.place),
  countryId: z.preprocess(
    (v) => numeric(emptyToNull(v)),
    z.number('countryUnknown').int('countryUnknown').positive('countryUnknown').max(MAX_ID, 'countryUnknown').nullish(),
  ),
  cityId: z.preprocess((v) => numeric(emptyToNull(v)), z.number('cityUnknown').int('cityUnknown').min(0, 'cityUnknown').max(MAX_ID, 'cityUnknown').nullish()),
  // The form's number field: empty means 0.
  workstations: z.preprocess(
    (v) => (v === '' || v === null ? 0 : numeric(v)),
    z.number('workstationsRange').int('workstationsRange').min(0, 'workstationsRange').max(WORKSTATIONS_MAX, 'workstationsRange').optional(),
  ),
  piercings: flag.optional(),
  tattooRemoval: flag.optional(),
  microblading: flag.optional(),
  styles: z.preprocess((v) => (v === null || v === '' ? [] : v), styleIdList.optional()),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The `type` field of POST /api/users/{id}/upload-image; `headerImage` is the delete path's name for it. */
export const profileImageTypeSchema = z.enum(['avatar', 'header', 'headerImage'], 'imageTypeInvalid');

export const profileImageFieldsSchema = z.object({
  type: profileImageTypeSchema,
  userId: z.preprocess((v) => numeric(emptyToNull(v)), z.number('validation').int('validation').positive('validation').max(MAX_ID, 'validation').nullish()),
});

/** DELETE /api/users/{id}/delete-image/{kind}. */
export const profileImageDeleteParams = z.object({
  id: pathId('validation', 'profileNotFound'),
  kind: profileImageTypeSchema,
});

/** A user id in a path; one past the columns' range names no one (404). */
export const userIdParams = z.object({ id: pathId('validation', 'userNotFound') });

/** A path's username: the profile path form (spaces as hyphens) or the name itself. */
export const usernameParams = z.object({ username: text('profileNotFound').trim().min(1, 'profileNotFound').max(200, 'profileNotFound') });

/** The specified user/profile entity as the profile calls answer it. */
/** The social links are the values of the profile's networks (`SOCIAL_NETWORKS`). */
export interface ProfileUser extends Record<SocialNetwork, string | null> {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  headerImage: string | null;
  userType: UserType;
  /** Only in answers to the profile's owner. */
  role?: Role;
  bio: string | null;
  /** Text: the city's name (a listed city's name, or the one typed under "Other City"). */
  city: string | null;
  /** Text: the country's name in the request language. */
  country: string | null;
  cityName: string | null;
  countryName: string | null;
  countryId: number | null;
  /** 0 for a city typed under "Other City". */
  cityId: number | null;
  countryCode: string | null;
  gender: Gender | null;
  experience: Experience | null;
  languages: LanguageId[];
  /** Named in the request language, sorted by German collation. */
  styles: { id: number; name: string }[];
  workstations: number;
  piercings: boolean;
  tattooRemoval: boolean;
  microblading: boolean;
  featuredUntil: string | null;
  createdAt: string;
  /** The received reviews' mean to one decimal (0 without reviews), kept on the user row. */
  averageRating: number;
  /** The number of reviews received, under the review summary's name and the dashboard stats' name. */
  totalReviews: number;
  reviewsCount: number;
  /** How many accounts follow this one; who they are only the account itself sees. */
  followers: number;
  /** Ordered by position, then id. */
  galleryImages: GalleryImage[];
  /** Only in answers to the profile's owner. */
  email?: string;
  /** The viewer may edit the profile and its images, or delete the account: its owner. */
  can: Can;
}

/** GET /api/users/{id} and /api/users/by-username/{username}. */
export interface UserSummary {
  id: number;
  name: string;
  userType: UserType;
  username: string;
  avatar: string | null;
}
