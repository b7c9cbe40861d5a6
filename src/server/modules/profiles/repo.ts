import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Language } from '../../../common/languages';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, UserUpdate } from '../../db/schema';
import { notSuspended } from '../../db/suspension';
import { selectUserStyles } from '../reference/index';
import { indexProfile } from '../search/index';
import type { Within } from '../../lib/outbox/index';

export type ProfileKey = { id: number } | { usernameKey: string };

/** A user with the country's code and name in one language; never the password hash. */
export function findProfileRow(db: Db, key: ProfileKey, lang: Language) {
  let query = db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select((eb) => [
      'users.id', 'users.username', 'users.name', 'users.email', 'users.role', 'users.user_type',
      'users.featured_until', 'users.avatar', 'users.header_image', 'users.bio', 'users.city', 'users.country',
      'users.city_id', 'users.country_id', 'users.city_name', 'users.country_name', 'users.gender',
      'users.experience', 'users.languages', 'users.workstations', 'users.piercings', 'users.tattoo_removal',
      'users.microblading', 'users.instagram', 'users.facebook', 'users.tiktok', 'users.youtube',
      'users.telegram', 'users.whatsapp', 'users.pinterest', 'users.twitter', 'users.website',
      'users.created_at', 'users.rating_sum', 'users.rating_count', 'countries.code as country_code', eb.ref(`countries.name_${lang}`).as('country_local_name'),
      // The follower count, from the followed side's index of follows alone.
      eb.selectFrom('follows').select((f) => f.fn.countAll<number | string>().as('n')).whereRef('follows.followed_id', '=', 'users.id').as('follower_count'),
    ]);
  query = 'id' in key ? query.where('users.id', '=', key.id) : query.where('users.username_key', '=', key.usernameKey);
  return query.where(notSuspended('users.id')).executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/** The few fields GET /api/users/{id} answers. */
export function findUserSummary(db: Db, key: ProfileKey) {
  let query = db.selectFrom('users').select(['id', 'name', 'user_type', 'username', 'avatar', 'role']);
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('username_key', '=', key.usernameKey);
  return query.executeTakeFirst();
}

/** A user's styles named in one language. */
export function findUserStyles(db: Db, userId: number, lang: Language) {
  return selectUserStyles(db)
    .select((eb) => ['styles.id', eb.ref(`styles.name_${lang}`).as('name')])
    .where('user_styles.user_id', '=', userId)
    .execute();
}

export function findCountryById(db: Db, id: number) {
  return db.selectFrom('countries').select(['id', 'code', 'name_de']).where('id', '=', id).executeTakeFirst();
}

/** A country by its ISO code or its name in any of the five languages (a form that sent only text). */
export function findCountryByText(db: Db, text: string) {
  return db
    .selectFrom('countries')
    .select(['id', 'code', 'name_de'])
    .where((eb) =>
      eb.or([
        eb('code', '=', text.toUpperCase()),
        eb('name_en', '=', text),
        eb('name_de', '=', text),
        eb('name_es', '=', text),
        eb('name_fr', '=', text),
        eb('name_pt', '=', text),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/** Updates the user's fields and, when given, replaces the styles, with the search index: all or nothing. */
/** Writes the profile; `alongside` adds its own writes (an outbox event) to the same transaction and answers what it made. */
export async function updateProfile<T>(db: Db, userId: number, values: UserUpdate, styleIds: number[] | undefined, alongside?: (trx: Transaction<Database>) => Promise<T>): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(values).where('id', '=', userId).execute();
    if (styleIds !== undefined) await setUserStyles(trx, userId, styleIds);
    await indexProfile(trx, userId);
    return alongside?.(trx);
  });
}

/** Replaces the user's styles; `db` may be the caller's transaction (the demo seed's). */
export async function setUserStyles(db: Db, userId: number, styleIds: number[]): Promise<void> {
  await db.deleteFrom('user_styles').where('user_id', '=', userId).execute();
  if (styleIds.length) {
    await db.insertInto('user_styles').values(styleIds.map((style_id) => ({ user_id: userId, style_id }))).execute();
  }
}

/**
 * Sets the avatar or header URL (null removes it) and answers the URL it replaced, or
 * undefined when there is no such user. The old URL is read under the row's lock on
 * PostgreSQL (SQLite runs one writer at a time), so of parallel replacements each one gets
 * the URL it really replaced, and every replaced file is deleted exactly once.
 */
export async function replaceImage(
  db: Db,
  userId: number,
  column: 'avatar' | 'header_image',
  url: string | null,
  now: string,
  within?: Within,
): Promise<string | null | undefined> {
  const postgres = isPostgresDb(db);
  return db.transaction().execute(async (trx) => {
    let current = trx.selectFrom('users').select(column).where('id', '=', userId);
    if (postgres) current = current.forNoKeyUpdate();
    const before = await current.executeTakeFirst();
    if (!before) return undefined;
    await trx.updateTable('users').set({ [column]: url, updated_at: now }).where('id', '=', userId).execute();
    await within?.(trx);
    return before[column];
  });
}

/** Whether the user's avatar or header is the picture at `url` (an upload's retry after a crash). */
export async function showsImage(db: Db, userId: number, column: 'avatar' | 'header_image', url: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', userId).where(column, '=', url).executeTakeFirst());
}

/**
 * Whether a profile shows a picture (an avatar or at least one portfolio image), the condition
 * to appear in the directories, the featured lists and matches: a new profile with nothing in
 * it would only fill them with empty cards. Its own page works regardless. `user` is the alias
 * of the users table in the query. The number of pictures is kept on the account by triggers
 * (docs/decisions/054), and the directories' partial index holds only accounts where it is
 * above 0, which is why the condition is written exactly so.
 */
export function hasPicture(user: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${user}.pictures`)} > 0`;
}

