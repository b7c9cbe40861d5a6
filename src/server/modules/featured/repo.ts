import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import { hasPicture } from '../profiles/listed';
import { selectUserStyles } from '../reference/repo';

/** Featured users of a type that show a picture, the latest purchase first. */
export async function findFeatured(db: Db, userType: 'artist' | 'studio', now: string, limit: number) {
  return db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select([
      'users.id', 'users.username', 'users.name', 'users.avatar', 'users.city_name', 'users.city',
      'users.bio', 'users.updated_at', 'users.instagram', 'users.facebook', 'users.tiktok',
      'users.workstations', 'users.piercings', 'users.tattoo_removal', 'users.microblading',
      'users.featured_until', 'users.rating_sum', 'users.rating_count', 'countries.code as country_code',
    ])
    .where('users.user_type', '=', userType)
    .where('users.featured_until', '>', now)
    // A paid spot still needs a picture to show: without one the profile waits until it has one.
    .where(hasPicture('users'))
    .orderBy('users.featured_until', 'desc')
    .orderBy('users.id', 'asc')
    .limit(limit)
    .execute();
}

/** Style names of many users in one query, in the given language. */
export async function findStyleNames(db: Db, userIds: number[], lang: Language) {
  if (userIds.length === 0) return [];
  return selectUserStyles(db)
    .select((eb) => ['user_styles.user_id', eb.ref(`styles.name_${lang}`).as('name')])
    .where('user_styles.user_id', 'in', userIds)
    .execute();
}
