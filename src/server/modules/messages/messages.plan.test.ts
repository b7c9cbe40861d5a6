import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp, type TestApp } from '../../test/app';
import { createMessageRepo } from './repo';

/**
 * The personal reads' plans on both engines, for a reader with 1,500 conversations among some
 * ten thousand: the page of the conversation list is one range of conversations_page_idx in its
 * order (no sort step, the keyset too), and the unread count one key of unread_counters.
 * PostgreSQL is ANALYZEd; for a reader with a few hundred conversations it may rather sort them
 * (a cost bounded by that reader's contacts, not by the database).
 */
const PEOPLE = 1600;
const READER_CONTACTS = 1500;

async function fill(t: TestApp): Promise<void> {
  const db = t.app.ctx.db;
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const users = Array.from({ length: PEOPLE }, (_, i) => ({
    username: `plan${i}`,
    username_key: `plan${i}`,
    email: `plan${i}@example.test`,
    email_key: `plan${i}@example.test`,
    password_hash: 'x',
    name: `Plan ${i}`,
    user_type: 'artist',
    created_at: at(0),
    updated_at: at(0),
  }));
  const ids = (await db.insertInto('users').values(users).returning('id').execute()).map((u) => u.id);
  const rows = [];
  // The reader talks to READER_CONTACTS people; everyone else to 6 each.
  for (const [k, user] of ids.entries()) {
    const contacts = k === 0 ? ids.slice(1, READER_CONTACTS + 1) : ids.filter((_, j) => j !== k && (j - k + PEOPLE) % PEOPLE <= 6);
    for (const [n, contact] of contacts.entries()) {
      rows.push({ user_id: user, contact_id: contact, last_message_id: n + 1, last_message: 'Hallo', last_sender_id: contact, last_message_at: at(n), unread_count: n % 3, hidden_until_id: 0, created_at: at(n) });
    }
  }
  for (let from = 0; from < rows.length; from += 1000) await db.insertInto('conversations').values(rows.slice(from, from + 1000)).execute();
  if (t.config.database.kind === 'postgres') await sql`analyze`.execute(db);
}

describeEachEngine('personal reads: plans', (engine) => {
  const t = useTestApp(engine, fill);

  async function plan(query: CompiledQuery): Promise<string[]> {
    const db = t.app.ctx.db;
    if (t.config.database.kind === 'postgres') {
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return result.rows.map((r) => r['QUERY PLAN']);
    }
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return result.rows.map((r) => r.detail);
  }

  const reader = async () => (await t.app.ctx.db.selectFrom('users').select('id').where('username', '=', 'plan0').executeTakeFirstOrThrow()).id;

  it('reads a page of conversations, first and by keyset, from one index range without sorting', async () => {
    const repo = createMessageRepo(t.app.ctx.db);
    const me = await reader();
    for (const cursor of [{}, { before: new Date(Date.UTC(2026, 0, 1) + 100 * 60_000).toISOString(), beforeId: 50 }]) {
      const lines = await plan(repo.conversationsQuery(me, cursor).compile());
      const text = lines.join('\n');
      // A seek to the reader's range (SQLite: SEARCH, not a SCAN of the whole index; PostgreSQL: an index scan).
      expect(text, text).toMatch(/SEARCH c USING (COVERING )?INDEX conversations_page_idx \(user_id=\?|Index Scan (Backward )?using conversations_page_idx/);
      expect(text, text).not.toMatch(/TEMP B-TREE|\bSort\b|Seq Scan on conversations|\bSCAN c\b/);
    }
    expect(await repo.conversations(me, {})).toHaveLength(50);
  });

  it('reads the unread count as one key', async () => {
    const me = await reader();
    const lines = await plan(t.app.ctx.db.selectFrom('unread_counters').select('unread').where('user_id', '=', me).compile());
    expect(lines.join('\n')).toMatch(/unread_counters_pkey|PRIMARY KEY|INTEGER PRIMARY KEY|sqlite_autoindex_unread_counters/);
    // The rows above were written past the services: the triggers counted them.
    const unread = await createMessageRepo(t.app.ctx.db).unreadCount(me);
    expect(unread).toBe(Array.from({ length: READER_CONTACTS }, (_, n) => n % 3).reduce((a, b) => a + b, 0));
  });
});
