import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/*
 * How many pictures an account shows (`users.pictures`): one for an avatar, one for each gallery
 * image not hidden. A profile without any picture stays out of the directories, the featured
 * rows and the match suggestions; asking "avatar or a visible gallery image" of every account
 * probed the gallery once per account, so the artist directory read every artist of the table to
 * find the few with a picture (docs/decisions/054). With the number on the row, the partial index
 * `users_shown_idx` holds only accounts that show one, in the directory's order.
 *
 * Triggers keep it in the statement that changes an avatar or a gallery image (an upload, a
 * deletion, a moderation hide or unhide, an account deleted with its gallery, the seeds, the
 * bench's bulk rows), so no writer has to know of it. They add and subtract rather than count
 * again: on PostgreSQL two transactions changing one account's pictures at the same time each
 * add their own step under the row's lock, where a count taken in either would miss the other's
 * uncommitted row.
 */

const SQLITE_TRIGGERS = [
  `create trigger user_pictures_avatar_insert after insert on users when new.avatar is not null begin
    update users set pictures = pictures + 1 where id = new.id;
  end`,
  `create trigger user_pictures_avatar_update after update of avatar on users
    when (new.avatar is not null) <> (old.avatar is not null) begin
    update users set pictures = pictures + (case when new.avatar is not null then 1 else -1 end) where id = new.id;
  end`,
  `create trigger user_pictures_gallery_insert after insert on gallery_images when new.hidden_at is null begin
    update users set pictures = pictures + 1 where id = new.user_id;
  end`,
  `create trigger user_pictures_gallery_update after update of hidden_at, user_id on gallery_images
    when (new.hidden_at is null) <> (old.hidden_at is null) or new.user_id <> old.user_id begin
    update users set pictures = pictures - 1 where id = old.user_id and old.hidden_at is null;
    update users set pictures = pictures + 1 where id = new.user_id and new.hidden_at is null;
  end`,
  `create trigger user_pictures_gallery_delete after delete on gallery_images when old.hidden_at is null begin
    update users set pictures = pictures - 1 where id = old.user_id;
  end`,
];

/**
 * PostgreSQL: the avatar's step is taken in a BEFORE trigger on the row being written, whose
 * `pictures` is the latest committed value once the row is locked, so a gallery step committed
 * meanwhile is kept.
 */
const POSTGRES_STATEMENTS = [
  `create function user_pictures_avatar() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      new.pictures := new.pictures + (new.avatar is not null)::integer;
    else
      new.pictures := new.pictures + (new.avatar is not null)::integer - (old.avatar is not null)::integer;
    end if;
    return new;
  end $$`,
  `create function user_pictures_gallery() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') and old.hidden_at is null then
      update users set pictures = pictures - 1 where id = old.user_id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') and new.hidden_at is null then
      update users set pictures = pictures + 1 where id = new.user_id;
    end if;
    return null;
  end $$`,
  `create trigger user_pictures_avatar before insert or update of avatar on users for each row execute function user_pictures_avatar()`,
  `create trigger user_pictures_gallery after insert or update of hidden_at, user_id or delete on gallery_images for each row
    execute function user_pictures_gallery()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pictures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update users set pictures = (case when avatar is not null then 1 else 0 end)
    + (select count(*) from gallery_images g where g.user_id = users.id and g.hidden_at is null)`.execute(db);
  for (const statement of isPostgres(db) ? POSTGRES_STATEMENTS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
  // The directories' walk, newest first, over accounts that show a picture only.
  await sql`create index users_shown_idx on users (user_type, created_at, id) where pictures > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_shown_idx`.execute(db);
  if (isPostgres(db)) {
    await sql`drop trigger if exists user_pictures_avatar on users`.execute(db);
    await sql`drop trigger if exists user_pictures_gallery on gallery_images`.execute(db);
    await sql`drop function if exists user_pictures_avatar()`.execute(db);
    await sql`drop function if exists user_pictures_gallery()`.execute(db);
  } else {
    for (const name of ['avatar_insert', 'avatar_update', 'gallery_insert', 'gallery_update', 'gallery_delete']) {
      await sql.raw(`drop trigger if exists user_pictures_${name}`).execute(db);
    }
  }
  await db.schema.alterTable('users').dropColumn('pictures').execute();
}
