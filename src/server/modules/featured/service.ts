import type { FeaturedArtist, FeaturedStudio } from '../../../common/schemas/featured';
import type { Language } from '../../../common/languages';
import { averageRating } from '../../../common/schemas/reviews';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { asFlag } from '../../db/verified';
import { tags } from '../../lib/answer-cache/index';
import type { CardImages } from '../gallery/index';
import type { CityNamer, ReferenceService } from '../reference/index';
import { findFeatured, findStyleNames } from './repo';

const collator = new Intl.Collator('de');

type Pictures = Pick<CardImages, 'latestWorks' | 'studioCovers'>;
type Names = Pick<ReferenceService, 'cityNamer'>;
const asStored: CityNamer = (_cityId, stored) => stored;

/** Users whose featuredUntil lies in the future, this hour's share of them, with styles and pictures in a few queries. */
async function listFeatured(db: Db, pictures: Pictures, names: Names | undefined, userType: 'artist', at: Date, limit: number, lang: Language): Promise<FeaturedArtist[]>;
async function listFeatured(db: Db, pictures: Pictures, names: Names | undefined, userType: 'studio', at: Date, limit: number, lang: Language): Promise<FeaturedStudio[]>;
async function listFeatured(db: Db, pictures: Pictures, names: Names | undefined, userType: 'artist' | 'studio', at: Date, limit: number, lang: Language) {
  const rows = await findFeatured(db, userType, at.toISOString(), hourOf(at), limit);
  const ids = rows.map((r) => r.id);
  const [styleRows, images, cityName] = await Promise.all([
    findStyleNames(db, ids, lang),
    userType === 'artist' ? pictures.latestWorks(ids) : pictures.studioCovers(ids),
    names ? names.cityNamer(lang) : asStored,
  ]);
  const styles = new Map<number, string[]>();
  for (const s of styleRows) styles.set(s.user_id, [...(styles.get(s.user_id) ?? []), s.name]);
  return rows.map((r) => {
    const base: FeaturedArtist = {
      id: r.id,
      username: r.username,
      name: r.name,
      avatarUrl: r.avatar,
      images: images.get(r.id) ?? [],
      countryCode: r.country_code,
      cityName: cityName(undefined, r.city_name ?? r.city),
      rating: { average: averageRating(r.rating_sum, r.rating_count), count: r.rating_count },
      styles: (styles.get(r.id) ?? []).sort(collator.compare),
      bio: r.bio,
      updatedAt: r.updated_at,
      socialMedia: { instagram: r.instagram, facebook: r.facebook, tiktok: r.tiktok },
      featuredUntil: r.featured_until,
    };
    if (userType === 'artist') return base;
    const studio: FeaturedStudio = {
      ...base,
      workstations: r.workstations,
      verified: asFlag(r.verified),
      amenities: { piercings: !!r.piercings, tattooRemoval: !!r.tattoo_removal, microblading: !!r.microblading },
    };
    return studio;
  });
}

const HOUR_MS = 3_600_000;

/** Hours since 1970 (UTC): the featured lists move on once an hour. */
export const hourOf = (at: Date): number => Math.floor(at.getTime() / HOUR_MS);

/** `reference` names the cards' cities in the request's language; `now` is the clock (tests fix it). */
export type FeaturedDeps = Pick<AppContext, 'db' | 'listCache'> & { pictures: Pictures; reference?: Names; now?: () => Date };
export type FeaturedService = ReturnType<typeof createFeaturedService>;

/**
 * The home page asks for these on every visit and they are the same for everyone within an
 * hour: answered from the list cache under a key holding the hour (the next hour shows the next
 * buyers), filed under each user shown (a profile edit, a review clears them) and under the
 * featured tag (a purchase clears it).
 */
export function createFeaturedService({ db, listCache, pictures, reference, now = () => new Date() }: FeaturedDeps) {
  const shown = (list: { id: number }[]) => list.map((u) => tags.user(u.id));
  return {
    /** Hours since 1970 by this service's clock: the routes' stored answers are keyed by it too. */
    hour: () => hourOf(now()),
    artists: (limit: number, lang: Language) => {
      const at = now();
      return listCache.get(`featured:artist:${hourOf(at)}:${limit}:${lang}`, [tags.featured], () => listFeatured(db, pictures, reference, 'artist', at, limit, lang), shown);
    },
    studios: (limit: number, lang: Language) => {
      const at = now();
      return listCache.get(`featured:studio:${hourOf(at)}:${limit}:${lang}`, [tags.featured], () => listFeatured(db, pictures, reference, 'studio', at, limit, lang), shown);
    },
  };
}
