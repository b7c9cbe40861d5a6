import type { FeaturedArtist, FeaturedStudio } from '../../../common/schemas/featured';
import type { Language } from '../../../common/languages';
import { averageRating } from '../../../common/schemas/reviews';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { tags } from '../../lib/answer-cache/index';
import { findFeatured, findStyleNames } from './repo';

const collator = new Intl.Collator('de');

/** Users whose featuredUntil lies in the future, newest purchase first, with styles in two queries. */
async function listFeatured(db: Db, userType: 'artist', limit: number, lang: Language): Promise<FeaturedArtist[]>;
async function listFeatured(db: Db, userType: 'studio', limit: number, lang: Language): Promise<FeaturedStudio[]>;
async function listFeatured(db: Db, userType: 'artist' | 'studio', limit: number, lang: Language) {
  const rows = await findFeatured(db, userType, new Date().toISOString(), limit);
  const styleRows = await findStyleNames(db, rows.map((r) => r.id), lang);
  const styles = new Map<number, string[]>();
  for (const s of styleRows) styles.set(s.user_id, [...(styles.get(s.user_id) ?? []), s.name]);
  return rows.map((r) => {
    const base: FeaturedArtist = {
      id: r.id,
      username: r.username,
      name: r.name,
      avatarUrl: r.avatar,
      countryCode: r.country_code,
      cityName: r.city_name ?? r.city,
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
      amenities: { piercings: !!r.piercings, tattooRemoval: !!r.tattoo_removal, microblading: !!r.microblading },
    };
    return studio;
  });
}

export type FeaturedDeps = Pick<AppContext, 'db' | 'listCache'>;
export type FeaturedService = ReturnType<typeof createFeaturedService>;

/**
 * The home page asks for these on every visit and they are the same for everyone: answered
 * from the list cache, filed under each user shown (a profile edit, a review clears them).
 */
export function createFeaturedService({ db, listCache }: FeaturedDeps) {
  const shown = (list: { id: number }[]) => list.map((u) => tags.user(u.id));
  return {
    artists: (limit: number, lang: Language) => listCache.get(`featured:artist:${limit}:${lang}`, [tags.featured], () => listFeatured(db, 'artist', limit, lang), shown),
    studios: (limit: number, lang: Language) => listCache.get(`featured:studio:${limit}:${lang}`, [tags.featured], () => listFeatured(db, 'studio', limit, lang), shown),
  };
}
