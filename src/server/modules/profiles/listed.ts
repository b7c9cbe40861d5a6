import { sql, type RawBuilder } from 'kysely';

/**
 * Whether a profile shows a picture (an avatar or at least one portfolio image), the condition
 * to appear in the directories, the featured lists and matches: a new profile with nothing in
 * it would only fill them with empty cards. Its own page works regardless. `user` is the alias
 * of the users table in the query; the portfolio check is served by `gallery_images_user_idx`.
 */
export function hasPicture(user: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${user}.avatar`)} is not null or exists (select 1 from gallery_images where gallery_images.user_id = ${sql.ref(`${user}.id`)}))`;
}
