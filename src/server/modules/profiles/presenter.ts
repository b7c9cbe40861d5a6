import type { Experience, Gender, LanguageId, Role, UserType } from '../../../common/constants';
import { LANGUAGE_IDS } from '../../../common/constants';
import type { Can } from '../../../common/schemas/can';
import type { GalleryImage } from '../../../common/schemas/gallery';
import type { ProfileUser } from '../../../common/schemas/profile';
import { averageRating } from '../../../common/schemas/reviews';
import type { NamedStyle } from '../gallery/index';
import { sortStyles, type CityNamer } from '../reference/index';
import type { ProfileRow } from './repo';

function parseLanguages(json: string): LanguageId[] {
  try {
    const value: unknown = JSON.parse(json);
    // Only known ids: the column is text, and a bad row must not reach the page as is.
    return Array.isArray(value) ? value.filter((v): v is LanguageId => (LANGUAGE_IDS as readonly unknown[]).includes(v)) : [];
  } catch {
    return [];
  }
}

/**
 * The specified user/profile entity. Never the password hash; the e-mail and the role
 * only for the profile's owner (knowing who the admins are helps only an attacker). City and
 * country are texts: a listed country is named in the request language, anything else as it
 * was stored.
 */
export function presentProfile(
  row: ProfileRow,
  styles: NamedStyle[],
  galleryImages: GalleryImage[],
  opts: { forOwner: boolean; can: Can; cityName?: CityNamer },
): ProfileUser {
  const stored = row.city_name ?? row.city;
  const cityName = opts.cityName ? opts.cityName(row.city_id, stored) : stored;
  const countryName = row.country_local_name ?? row.country_name ?? row.country;
  const profile: ProfileUser = {
    id: row.id,
    name: row.name,
    username: row.username,
    avatar: row.avatar,
    headerImage: row.header_image,
    userType: row.user_type as UserType,
    bio: row.bio,
    city: cityName,
    country: countryName,
    cityName,
    countryName,
    countryId: row.country_id,
    cityId: row.city_id,
    countryCode: row.country_code,
    gender: row.gender as Gender | null,
    experience: row.experience as Experience | null,
    languages: parseLanguages(row.languages),
    styles: sortStyles(styles),
    workstations: row.workstations,
    piercings: !!row.piercings,
    tattooRemoval: !!row.tattoo_removal,
    microblading: !!row.microblading,
    instagram: row.instagram,
    facebook: row.facebook,
    tiktok: row.tiktok,
    youtube: row.youtube,
    telegram: row.telegram,
    whatsapp: row.whatsapp,
    pinterest: row.pinterest,
    twitter: row.twitter,
    website: row.website,
    featuredUntil: row.featured_until,
    createdAt: row.created_at,
    averageRating: averageRating(row.rating_sum, row.rating_count),
    totalReviews: row.rating_count,
    reviewsCount: row.rating_count,
    followers: Number(row.follower_count ?? 0),
    galleryImages,
    can: opts.can,
  };
  if (opts.forOwner) {
    profile.email = row.email;
    profile.role = row.role as Role;
  }
  return profile;
}
