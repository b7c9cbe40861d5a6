import { sql, type Kysely } from 'kysely';
import { belongsTo } from './columns';
import { isPostgres } from './helpers';

/*
 * The unread-message count as one row per user (`unread_counters`), so the count every logged-in
 * tab polls is a primary-key read instead of a sum over the user's conversations with a block
 * check per contact (modules/messages, docs/decisions/033).
 *
 * It holds, per user, the sum of `unread_count` over their conversations that are visible
 * (last message past what they hid) with a contact neither side blocked: what the inbox badge
 * showed before. Triggers keep it, in the statement that changes a conversation row or a block,
 * so every writer (a send, a read mark, a deletion, a hidden conversation, a block or unblock,
 * an account deleted with its conversations, the seeds and the bench's bulk rows) keeps it
 * exact without knowing of it.
 *
 * On PostgreSQL each trigger first locks the counter rows of both users of the pair, lower id
 * first, and only then reads blocks and conversations: a block and a first message of the same
 * pair committing at the same time then see each other, whichever locks first.
 *
 * The conversation list gains (user_id, last_message_at, contact_id), its order and keyset in
 * one index range with no sort step; it replaces (user_id, last_message_at).
 */

/** What a conversation row adds to its user's count, blocks aside. */
const shown = (r: string) => `(case when ${r}.unread_count > 0 and ${r}.last_message_id > ${r}.hidden_until_id then ${r}.unread_count else 0 end)`;

/** Whether either user of a pair blocked the other. */
const blocked = (a: string, b: string) =>
  `exists (select 1 from blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;

/** What a conversation row adds to its user's count. */
const counted = (r: string) => `(case when ${blocked(`${r}.user_id`, `${r}.contact_id`)} then 0 else ${shown(r)} end)`;

/** The unblocked share of one side of a pair: what a block takes away and an unblock gives back. */
const sideOf = (user: string, contact: string) =>
  `coalesce((select ${shown('c')} from conversations c where c.user_id = ${user} and c.contact_id = ${contact}), 0)`;

const SQLITE_TRIGGERS = [
  `create trigger unread_conversation_insert after insert on conversations when ${counted('new')} <> 0 begin
    insert or ignore into unread_counters (user_id, unread) values (new.user_id, 0);
    update unread_counters set unread = unread + ${counted('new')} where user_id = new.user_id;
  end`,
  `create trigger unread_conversation_update after update on conversations when ${shown('new')} <> ${shown('old')} begin
    insert or ignore into unread_counters (user_id, unread) values (new.user_id, 0);
    update unread_counters set unread = unread + ${counted('new')} - ${counted('old')} where user_id = new.user_id;
  end`,
  `create trigger unread_conversation_delete after delete on conversations when ${shown('old')} <> 0 begin
    update unread_counters set unread = unread - ${counted('old')} where user_id = old.user_id;
  end`,
  // A second block between the same two users changes nothing; nor does lifting one of two.
  `create trigger unread_block_insert after insert on blocks
    when not exists (select 1 from blocks b where b.blocker_id = new.blocked_id and b.blocked_id = new.blocker_id) begin
    update unread_counters set unread = unread - ${sideOf('new.blocker_id', 'new.blocked_id')} where user_id = new.blocker_id;
    update unread_counters set unread = unread - ${sideOf('new.blocked_id', 'new.blocker_id')} where user_id = new.blocked_id;
  end`,
  `create trigger unread_block_delete after delete on blocks
    when not exists (select 1 from blocks b where b.blocker_id = old.blocked_id and b.blocked_id = old.blocker_id) begin
    update unread_counters set unread = unread + ${sideOf('old.blocker_id', 'old.blocked_id')} where user_id = old.blocker_id;
    update unread_counters set unread = unread + ${sideOf('old.blocked_id', 'old.blocker_id')} where user_id = old.blocked_id;
  end`,
];

/**
 * PostgreSQL: the row's delta is taken after the pair's counters are locked (a new statement, so
 * it sees a block committed while it waited). Only an inserted or updated row, or a new block,
 * creates missing counters: a deleted one may go with the account being deleted.
 */
const POSTGRES_FUNCTIONS = [
  `create function unread_lock_pair(a integer, b integer, create_rows boolean) returns void language plpgsql as $$
  begin
    if create_rows then
      insert into unread_counters (user_id, unread) values (least(a, b), 0), (greatest(a, b), 0) on conflict (user_id) do nothing;
    end if;
    perform 1 from unread_counters where user_id = least(a, b) for update;
    perform 1 from unread_counters where user_id = greatest(a, b) for update;
  end $$`,
  `create function unread_conversation_change() returns trigger language plpgsql as $$
  declare
    delta integer;
    owner integer;
  begin
    if tg_op = 'INSERT' then
      if ${shown('new')} = 0 then return null; end if;
      perform unread_lock_pair(new.user_id, new.contact_id, true);
      delta := ${counted('new')};
      owner := new.user_id;
    elsif tg_op = 'UPDATE' then
      if ${shown('new')} = ${shown('old')} then return null; end if;
      perform unread_lock_pair(new.user_id, new.contact_id, true);
      delta := ${counted('new')} - ${counted('old')};
      owner := new.user_id;
    else
      if ${shown('old')} = 0 then return null; end if;
      perform unread_lock_pair(old.user_id, old.contact_id, false);
      delta := -${counted('old')};
      owner := old.user_id;
    end if;
    if delta <> 0 then
      update unread_counters set unread = unread + delta where user_id = owner;
    end if;
    return null;
  end $$`,
  `create function unread_block_change() returns trigger language plpgsql as $$
  declare
    a integer;
    b integer;
    sign integer;
  begin
    if tg_op = 'INSERT' then
      a := new.blocker_id; b := new.blocked_id; sign := -1;
    else
      a := old.blocker_id; b := old.blocked_id; sign := 1;
    end if;
    perform unread_lock_pair(a, b, tg_op = 'INSERT');
    if exists (select 1 from blocks x where x.blocker_id = b and x.blocked_id = a) then return null; end if;
    update unread_counters set unread = unread + sign * ${sideOf('a', 'b')} where user_id = a;
    update unread_counters set unread = unread + sign * ${sideOf('b', 'a')} where user_id = b;
    return null;
  end $$`,
  `create trigger unread_conversation after insert or update or delete on conversations for each row execute function unread_conversation_change()`,
  `create trigger unread_block after insert or delete on blocks for each row execute function unread_block_change()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unread_counters')
    .addColumn('user_id', 'integer', (c) => belongsTo('users.id')(c.primaryKey()))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into unread_counters (user_id, unread)
    select c.user_id, sum(${sql.raw(counted('c'))}) from conversations c
    where c.unread_count > 0 and c.last_message_id > c.hidden_until_id
    group by c.user_id`.execute(db);
  for (const statement of isPostgres(db) ? POSTGRES_FUNCTIONS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);

  await db.schema.createIndex('conversations_page_idx').on('conversations').columns(['user_id', 'last_message_at', 'contact_id']).execute();
  await db.schema.dropIndex('conversations_list_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('conversations_list_idx').on('conversations').columns(['user_id', 'last_message_at']).execute();
  await db.schema.dropIndex('conversations_page_idx').execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists unread_conversation on conversations`.execute(db);
    await sql`drop trigger if exists unread_block on blocks`.execute(db);
    await sql`drop function if exists unread_conversation_change()`.execute(db);
    await sql`drop function if exists unread_block_change()`.execute(db);
    await sql`drop function if exists unread_lock_pair(integer, integer, boolean)`.execute(db);
  } else {
    for (const name of ['conversation_insert', 'conversation_update', 'conversation_delete', 'block_insert', 'block_delete']) {
      await sql`drop trigger if exists ${sql.raw(`unread_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('unread_counters').execute();
}
