import type { FeaturedArtist, FeaturedStudio } from '../../../common/schemas/featured';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import { findFeatured, findStyleNames } from './repo';

const collator = new Intl.Collator('de');

/** Users whose featuredUntil lies in the future, newest purchase first, with styles in two queries. */
export async function listFeatured(db: Db, userType: 'artist', limit: number, lang: Language): Promise<FeaturedArtist[]>;
export async function listFeatured(db: Db, userType: 'studio', limit: number, lang: Language): Promise<FeaturedStudio[]>;
export async function listFeatured(db: Db, userType: 'artist' | 'studio', limit: number, lang: Language) {
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
      // Reviews arrive with their own capability; until then every rating is honestly empty.
      rating: { average: 0, count: 0 },
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
