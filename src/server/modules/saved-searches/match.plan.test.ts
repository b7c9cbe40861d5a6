import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp, type TestApp } from '../../test/app';
import { candidatesQuery } from './repo';

/**
 * The matching's one read on both engines, among 10,000 saved searches of three kinds spread
 * over 40 countries: the candidates of a new listing come from saved_searches_match_idx (its
 * kind, unpaused, the listing's country or none), never from a scan of the table.
 */
const SEARCHES = 10_000;
const COUNTRIES = 40;

async function fill(t: TestApp): Promise<void> {
  const db = t.app.ctx.db;
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const users = Array.from({ length: 100 }, (_, i) => ({
    username: `ssplan${i}`, username_key: `ssplan${i}`, email: `ssplan${i}@example.test`, email_key: `ssplan${i}@example.test`,
    password_hash: 'x', name: `Plan ${i}`, user_type: 'studio', created_at: at, updated_at: at,
  }));
  const ids = (await db.insertInto('users').values(users).returning('id').execute()).map((u) => u.id);
  const kinds = ['guest_spots', 'availabilities', 'artists'];
  const rows = Array.from({ length: SEARCHES }, (_, i) => ({
    user_id: ids[i % ids.length] as number,
    kind: kinds[i % 3] as string,
    filters: '{}',
    name: `s${i}`,
    frequency: 'daily',
    paused: i % 17 === 0 ? 1 : 0,
    country_key: i % 10 === 0 ? 0 : 1 + (i % COUNTRIES),
    created_at: at,
    updated_at: at,
    last_digest_at: at,
  }));
  for (let from = 0; from < rows.length; from += 1000) await db.insertInto('saved_searches').values(rows.slice(from, from + 1000)).execute();
  if (t.config.database.kind === 'postgres') await sql`analyze saved_searches`.execute(db);
}

describeEachEngine('saved searches: the matching plan', (engine) => {
  const t = useTestApp(engine, fill);

  async function plan(query: CompiledQuery): Promise<string> {
    const db = t.app.ctx.db;
    if (t.config.database.kind === 'postgres') {
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return result.rows.map((r) => r.detail).join('\n');
  }

  it('reads the candidates of a listing from the match index, without scanning the searches', async () => {
    const text = await plan(candidatesQuery(t.app.ctx.db, 'guest_spots', 7, 1).compile());
    expect(text).toContain('saved_searches_match_idx');
    expect(text).not.toMatch(/Seq Scan on saved_searches|SCAN s\b(?! USING)/);
    const rows = await candidatesQuery(t.app.ctx.db, 'guest_spots', 7, 1).execute();
    // A third of the searches is of the kind; of those the country's share and those naming none, less the paused.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(SEARCHES / 10);
  });
});
