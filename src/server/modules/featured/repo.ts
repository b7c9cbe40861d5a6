import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';
import { isVerifiedStudio } from '../../db/verified';
import { hasPicture } from '../profiles/index';
import { selectUserStyles } from '../reference/index';

/**
 * A fixed shuffle of user ids: two rounds of a multiply-add modulo 2^31, computed alike by
 * SQLite and PostgreSQL. Ids stay below 2^31, so every product stays below 2^62 and fits a
 * signed 64-bit integer on both engines (the cast keeps PostgreSQL off its 32-bit `integer`).
 * Distinct ids give distinct keys, so the order has no ties.
 */
function shuffleKey(id: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`((((cast(${id} as bigint) * 1103515245 + 12345) % 2147483648) * 1103515245 + 12345) % 2147483648)`;
}

/** How long a fresh featured purchase leads the list before it takes its turn in the rotation. */
export const FRESH_PURCHASE_MS = 60 * 60_000;

/**
 * Featured users of a type that show a picture, `limit` of them from a window that moves on by
 * `limit` places every hour through all of them in a fixed shuffled order (wrapping at the end),
 * so with more buyers than places each hour shows the next ones and nobody waits longer than
 * ceil(buyers / limit) hours. `hour` counts hours since 1970 (UTC). Whoever completed a featured
 * purchase or was granted featured days by an admin in the last hour comes first: a buyer sees the
 * purchase on the home page at once, and so does the admin the grant.
 */
export async function findFeatured(db: Db, userType: 'artist' | 'studio', now: string, hour: number, limit: number) {
  const ranked = db
    .selectFrom('users')
    .select('users.id as featured_id')
    .select(sql<number>`row_number() over (order by ${shuffleKey(sql.ref('users.id'))}) - 1`.as('place'))
    .select(sql<number>`count(*) over ()`.as('buyers'))
    .where('users.user_type', '=', userType)
    .where('users.featured_until', '>', now)
    // Staff has no public profile, whatever days an account holds.
    .where('users.role', '<>', 'admin')
    // A paid spot still needs a picture to show: without one the profile waits until it has one.
    .where(hasPicture('users'))
    .where(notSuspended('users.id', now));
  // Where this hour's window starts; a product of two small numbers, taken modulo the count in SQL.
  const start = hour * limit;
  const freshSince = new Date(Date.parse(now) - FRESH_PURCHASE_MS).toISOString();
  return db
    .selectFrom(ranked.as('f'))
    .innerJoin('users', 'users.id', 'f.featured_id')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select([
      'users.id', 'users.username', 'users.name', 'users.avatar', 'users.city_name', 'users.city',
      'users.bio', 'users.updated_at', 'users.instagram', 'users.facebook', 'users.tiktok',
      'users.workstations', 'users.piercings', 'users.tattoo_removal', 'users.microblading',
      'users.featured_until', 'users.rating_sum', 'users.rating_count', 'countries.code as country_code',
    ])
    // Only a studio can be verified: the artists' list skips the probe.
    .select((userType === 'studio' ? isVerifiedStudio('users.id') : sql<boolean>`1 = 0`).as('verified'))
    .orderBy((eb) =>
      eb
        .case()
        .when(
          eb.or([
            eb.exists(
              eb
                .selectFrom('payment_orders')
                .select('payment_orders.id')
                .whereRef('payment_orders.user_id', '=', 'users.id')
                .where('payment_orders.status', '=', 'completed')
                .where('payment_orders.product_type', 'in', ['featured_artist', 'featured_studio'])
                .where('payment_orders.completed_at', '>', freshSince),
            ),
            // Days an admin granted lead the same way: the admin sees the grant on the home page at once.
            eb.exists(
              eb
                .selectFrom('featured_periods')
                .select('featured_periods.id')
                .whereRef('featured_periods.user_id', '=', 'users.id')
                .where('featured_periods.source', '=', 'admin')
                .where('featured_periods.revoked_at', 'is', null)
                .where('featured_periods.created_at', '>', freshSince),
            ),
          ]),
        )
        .then(0)
        .else(1)
        .end(),
    )
    .orderBy(sql`(${sql.ref('f.place')} + ${sql.ref('f.buyers')} - ${start} % ${sql.ref('f.buyers')}) % ${sql.ref('f.buyers')}`)
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
