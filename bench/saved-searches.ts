import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { todayInBerlin, addDays } from '../src/common/schemas/listing-fields';
import { createDb, migrateToLatest, type Db } from '../src/server/db/index';
import { createOutbox } from '../src/server/lib/outbox/index';
import { writeNotification } from '../src/server/modules/notifications/index';
import { createSavedSearchService } from '../src/server/modules/saved-searches/index';
import { seedReference } from '../src/server/seed/reference/index';
import type { Engine } from './worlds';

/** Saved searches a new listing is matched against, and the users who keep them. */
const SEARCHES = 10_000;
const USERS = 500;
const COUNTRIES = 40;
const RUNS = 5;

/**
 * The saved searches' matching (docs/decisions/051): 10,000 searches of three kinds over 40
 * countries with varied filters, one new guest spot matched against them as the outbox's
 * consumer does it (the candidates' read, the filters in code, the hits and their
 * notifications). Answers the median of RUNS new spots in milliseconds; the goal is under 100.
 */
export async function benchSavedSearchMatch(engine: Engine, pgUrl: string | undefined): Promise<{ medianMs: number; hits: number }> {
  const { db, drop } = await freshDb(engine, pgUrl);
  try {
    await migrateToLatest(db);
    await seedReference(db);
    const at = new Date().toISOString();
    const users = Array.from({ length: USERS + 1 }, (_, i) => ({
      username: `bss${i}`, username_key: `bss${i}`, email: `bss${i}@example.test`, email_key: `bss${i}@example.test`,
      password_hash: 'x', name: `User ${i}`, user_type: i === 0 ? 'studio' : 'artist', created_at: at, updated_at: at,
    }));
    const ids = (await db.insertInto('users').values(users).returning('id').execute()).map((u) => u.id);
    const [studio, ...readers] = ids as [number, ...number[]];
    const kinds = ['guest_spots', 'availabilities', 'artists'];
    const filtersOf = (i: number) => JSON.stringify([{}, { style: 1 + (i % 30) }, { q: i % 2 ? 'blackwork' : 'realism' }, { city: 1 + (i % 50) }, { housing: true }][i % 5]);
    const rows = Array.from({ length: SEARCHES }, (_, i) => ({
      user_id: readers[i % readers.length] as number, kind: kinds[i % 3] as string, filters: filtersOf(i), name: `Search ${i}`, frequency: 'daily',
      paused: 0, country_key: i % 8 === 0 ? 0 : 1 + (i % COUNTRIES), created_at: at, updated_at: at, last_digest_at: at,
    }));
    for (let from = 0; from < rows.length; from += 1000) await db.insertInto('saved_searches').values(rows.slice(from, from + 1000)).execute();
    await sql`analyze`.execute(db);

    const outbox = createOutbox({ db, invalidation: { invalidate: () => undefined }, log: console });
    const service = createSavedSearchService({
      db, outbox, config: { sessionSecret: 'x'.repeat(32) } as never,
      reference: { countryFilterId: async () => null },
      notify: async (trx, input) => {
        await writeNotification(trx, input);
        return async () => undefined;
      },
    });
    const times: number[] = [];
    let hits = 0;
    for (let run = 0; run < RUNS; run++) {
      const today = todayInBerlin();
      const spot = await db
        .insertInto('guest_spots')
        .values({
          studio_id: studio, slug: `bench-spot-${run}`, title: 'Blackwork guest spot', description: null, start_date: addDays(today, 10), end_date: addDays(today, 20),
          country_id: 1 + run, city_id: null, city_name: null, compensation: null, compensation_details: null, requirements: null, search_text: 'blackwork guest spot',
          created_at: at, updated_at: at,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const started = performance.now();
      hits += await service.match({ kind: 'guest_spots', id: spot.id });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { medianMs: times[Math.floor(times.length / 2)] as number, hits: Math.round(hits / RUNS) };
  } finally {
    await drop();
  }
}

async function freshDb(engine: Engine, pgUrl: string | undefined): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tgs-saved-'));
    const db = createDb({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
    return { db, drop: async () => { await db.destroy(); rmSync(dir, { recursive: true, force: true }); } };
  }
  if (!pgUrl) throw new Error('the PostgreSQL saved search bench needs BENCH_DATABASE_URL');
  const name = `bench_saved_${randomBytes(4).toString('hex')}`;
  // Databases are made and dropped from the server's maintenance database: the one the URL names
  // is the worlds' name stem (bench/worlds.ts) and need not exist.
  const maintenance = new URL(pgUrl);
  maintenance.pathname = '/postgres';
  const admin = createDb({ kind: 'postgres', url: maintenance.toString() });
  await sql`create database ${sql.id(name)}`.execute(admin);
  await admin.destroy();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const db = createDb({ kind: 'postgres', url: url.toString() });
  return {
    db,
    drop: async () => {
      await db.destroy();
      const again = createDb({ kind: 'postgres', url: maintenance.toString() });
      await sql`drop database ${sql.id(name)} with (force)`.execute(again);
      await again.destroy();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const engine of (process.env.BENCH_ENGINES ?? (process.env.BENCH_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as Engine[]) {
    console.log(engine, await benchSavedSearchMatch(engine, process.env.BENCH_DATABASE_URL));
  }
}
