import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SQLite, type SQLiteDatabase } from '../src/server/db/sqlite-driver';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { artistListQuery } from '../src/common/schemas/artists';
import { publicListQuery } from '../src/common/schemas/listing-fields';
import type { Db } from '../src/server/db/index';
import type { SessionUser } from '../src/common/schemas/session';
import type { Database } from '../src/server/db/schema';
import { createArtistService } from '../src/server/modules/artists/index';
import { availabilityKind } from '../src/server/modules/availability/index';
import { createCardImages } from '../src/server/modules/gallery/index';
import { guestSpotKind } from '../src/server/modules/guest-spots/index';
import { createListingService } from '../src/server/modules/listings/index';
import { createReferenceService } from '../src/server/modules/reference/index';
import { createScaledDatabase } from './scaled-data';

/**
 * Runs the public list reads through their services and prints each query's SQL, its plan and
 * its time: `npx tsx bench/explain-listings.ts` builds the scaled SQLite world (20,000 users,
 * 100,000 guest spots, 100,000 availabilities) in a temporary folder and shows EXPLAIN QUERY
 * PLAN; with `EXPLAIN_DATABASE_URL=postgres://...` it reads an existing scaled PostgreSQL
 * database (made by createScaledDatabase with that DATABASE_URL, then VACUUM ANALYZE) and
 * shows EXPLAIN ANALYZE.
 */
const pgUrl = process.env.EXPLAIN_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-explain-'));
try {
  let captured: { query: CompiledQuery; ms: number }[] = [];
  const log = (event: { level: string; query: CompiledQuery; queryDurationMillis: number }) => {
    if (event.level === 'query') captured.push({ query: event.query, ms: event.queryDurationMillis });
  };
  let sqlite: SQLiteDatabase | null = null;
  let db: Db;
  if (pgUrl) {
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl, max: 2 }) }), log }) as Db;
  } else {
    const started = Date.now();
    await createScaledDatabase({ NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: '0', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn' });
    console.log(`scaled data built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log }) as Db;
  }
  const explain = async (q: CompiledQuery): Promise<string[]> => {
    if (!sqlite) {
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${q.sql}`, [...q.parameters]));
      return result.rows.map((r) => r['QUERY PLAN']);
    }
    const plan = sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { id: number; parent: number; detail: string }[];
    const depth = new Map<number, number>();
    return plan.map((row) => {
      const d = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, d);
      return `${'  '.repeat(d)}${row.detail}`;
    });
  };

  const reference = createReferenceService({ db });
  const pictures = createCardImages(db);
  const spots = createListingService(guestSpotKind, { db, reference, pictures, counterpart: availabilityKind });
  const availability = createListingService(availabilityKind, { db, reference, pictures, counterpart: guestSpotKind });
  const artists = createArtistService({ db, reference, pictures });
  // Matching and the owner lists as an admin would call them, on a spot and an entry that have not ended.
  const today = new Date().toISOString().slice(0, 10);
  const spot = await db.selectFrom('guest_spots').select(['id', 'studio_id']).where('is_active', '=', 1).where('start_date', '>', today).limit(1).executeTakeFirstOrThrow();
  const entry = await db.selectFrom('availabilities').select(['id', 'artist_id']).where('is_active', '=', 1).where('start_date', '>', today).limit(1).executeTakeFirstOrThrow();
  const admin: SessionUser = { id: 0, username: 'bench', name: 'Bench', email: 'bench@example.test', role: 'admin', userType: 'artist', featuredUntil: null, avatar: null };
  const reads: [string, () => Promise<unknown>][] = [
    ['guest spots, page 1', () => spots.listPublic(publicListQuery.parse({}), 'en')],
    ['guest spots, page 200', () => spots.listPublic(publicListQuery.parse({ page: '200' }), 'en')],
    ['guest spots, DE + style', () => spots.listPublic(publicListQuery.parse({ country: 'DE', style: '11', page: '2' }), 'de')],
    ['guest spots, DE', () => spots.listPublic(publicListQuery.parse({ country: 'DE' }), 'en')],
    ['guest spots, text', () => spots.listPublic(publicListQuery.parse({ q: 'berlin' }), 'en')],
    ['availabilities, page 1', () => availability.listPublic(publicListQuery.parse({}), 'en')],
    ['artists, page 1', () => artists.list(artistListQuery.parse({}), 'en')],
    ['artists, available', () => artists.list(artistListQuery.parse({ available: 'true' }), 'en')],
    ['guest spot matches', () => spots.matches(admin, spot.id, 'en')],
    ['availability matches', () => availability.matches(admin, entry.id, 'en')],
    ['studio tab list', () => spots.listByOwner(null, spot.studio_id, 200, 'en')],
    ['artist tab count', () => availability.countByOwner(null, entry.artist_id)],
  ];
  for (const [name, read] of reads) {
    // Once to warm the page cache, then measured.
    await read();
    captured = [];
    const t0 = performance.now();
    const result = (await read()) as { items: unknown[]; total: number } | unknown[] | number;
    const ms = performance.now() - t0;
    const size = typeof result === 'number' ? `count ${result}` : Array.isArray(result) ? `${result.length} rows` : `${result.items.length} of ${result.total}`;
    console.log(`\n=== ${name}: ${size}, ${captured.length} queries, ${ms.toFixed(1)} ms`);
    for (const { query: q, ms: queryMs } of [...captured]) {
      console.log(`\n[${queryMs.toFixed(1)} ms] ${q.sql}`);
      for (const line of await explain(q)) console.log(line);
    }
  }
  await db.destroy();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
