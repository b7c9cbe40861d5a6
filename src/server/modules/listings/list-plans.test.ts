import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, publicListQuery, todayInBerlin } from '../../../common/schemas/listing-fields';
import { artistListQuery, studioListQuery } from '../../../common/schemas/artists';
import { galleryListQuery } from '../../../common/schemas/gallery';
import { guestSpotListQuery } from '../../../common/schemas/guest-spots';
import { mapCityQuery } from '../../../common/schemas/map';
import { searchQuerySchema } from '../../../common/schemas/search';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { SQLite } from '../../db/sqlite-driver';
import { noInvalidation } from '../../lib/answer-cache/index';
import { describeEachEngine, useTestApp, type TestApp } from '../../test/app';
import { createArtistService } from '../artists/index';
import { availabilityKind } from '../availability/index';
import { createCardImages, createGalleryService } from '../gallery/index';
import { guestSpotKind } from '../guest-spots/index';
import { createMapService } from '../map/index';
import { createReferenceService } from '../reference/index';
import { createReviewService } from '../reviews/index';
import { createSearchService, rebuildSearchIndex } from '../search/index';
import { createListingService } from './index';

/**
 * The plans of the public lists' hot queries (docs/decisions/031) over a few thousand rows, on
 * both engines: none may scan a big table or sort it. PostgreSQL is ANALYZEd so its planner
 * chooses as it would at scale; SQLite plans as production runs it, without statistics.
 */
const USERS = 600;
const LISTINGS = 3000;
const EXTRA_USERS = 6000;
const EXTRA_LISTINGS = 20_000;
const BIG_TABLES = ['guest_spots', 'availabilities', 'users', 'gallery_images', 'reviews', 'search_documents', 'guest_spot_styles', 'availability_styles', 'user_styles'];
/** See `faults`: what PostgreSQL's plan may scan or sort at this world's size. */
const PG_BIG_ROWS = 10_000;
const PG_SORTED_ROWS = 500;
/** The aliases the lists' SQL gives those tables. */
const BIG_ALIASES = ['l', 'u', 's', 'd', 'ls', 'a', 'ca', 'reviewer'];

/**
 * Sorts whose input does not grow with the data, named by a part of their SQL: the featured
 * owners' first few (a window on SQLite, a lateral join on PostgreSQL) and the featured people of
 * a directory, bounded by who paid for featuring; the card pictures of one page's owners, bounded
 * by a page's portfolios; the site search's page, merged from its two tiers' pages; the map
 * city's distinct hand-typed place names of its country, read from the partial indexes of the
 * accounts and listings without a listed city.
 */
const BOUNDED_SORTS = ['row_number() over', 'inner join lateral', '"users"."featured_until" >', 'order by x.tier, x.id desc', 'select distinct coalesce("u"."city_name", "u"."city")', 'select distinct "l"."city_name"'];

/** Rows written straight into the tables, in batches: `USERS` people and `LISTINGS` of each kind from `first` on. */
async function addWorld(t: TestApp, first: number, people: number, listings: number): Promise<void> {
  const db = t.app.ctx.db;
  const now = Date.now();
  const styles = (await db.selectFrom('styles').select('id').execute()).map((s) => s.id);
  const countries = await db.selectFrom('countries').select(['id', 'code']).where('code', 'in', ['DE', 'AT', 'FR']).execute();
  const cities = await db.selectFrom('cities').select(['id', 'country_id', 'name']).where('country_id', 'in', countries.map((c) => c.id)).limit(30).execute();
  const userRows = Array.from({ length: people }, (_, k) => {
    const i = first + k;
    const city = cities[i % cities.length]!;
    const at = new Date(now - i * 60_000).toISOString();
    return {
      username: `plan${i}`, username_key: `plan${i}`, email: `plan${i}@example.test`, email_key: `plan${i}@example.test`, password_hash: 'x',
      name: `Plan Person ${i}`, user_type: i % 3 === 0 ? 'studio' : 'artist', featured_until: i % 50 === 0 ? new Date(now + 86_400_000).toISOString() : null,
      avatar: i % 2 === 0 ? `/uploads/avatars/${i}.webp` : null, header_image: null, bio: null, city: null, country: null,
      city_id: city.id, country_id: city.country_id, city_name: city.name, country_name: null, gender: null, experience: null,
      instagram: null, facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null, pinterest: null, twitter: null,
      website: null, created_at: at, updated_at: at,
    };
  });
  const users: { id: number; user_type: string }[] = [];
  for (let i = 0; i < userRows.length; i += 200) users.push(...(await db.insertInto('users').values(userRows.slice(i, i + 200)).returning(['id', 'user_type']).execute()));
  for (let i = 0; i < users.length; i += 500) {
    await db.insertInto('user_styles').values(users.slice(i, i + 500).map((u, k) => ({ user_id: u.id, style_id: styles[(i + k) % styles.length]! }))).execute();
  }
  const studios = users.filter((u) => u.user_type === 'studio').map((u) => u.id);
  const artists = users.filter((u) => u.user_type === 'artist').map((u) => u.id);
  const today = todayInBerlin();
  for (const [table, owners, links, key] of [
    ['guest_spots', studios, 'guest_spot_styles', 'guest_spot_id'],
    ['availabilities', artists, 'availability_styles', 'availability_id'],
  ] as const) {
    for (let start = 0; start < listings; start += 250) {
      const rows = Array.from({ length: 250 }, (_, j) => {
        // Listings number on from the earlier part's.
        const i = (first === 0 ? 0 : LISTINGS) + start + j;
        const city = cities[i % cities.length]!;
        // A fifth ended in the past two years, the rest running or ahead.
        const from = i % 5 === 0 ? -700 + (i % 600) : -10 + (i % 300);
        return {
          [table === 'guest_spots' ? 'studio_id' : 'artist_id']: owners[i % owners.length]!,
          slug: `${table}-${i}`, title: i % 50 === 7 ? `Berlin guest spot ${i}` : `Guest spot ${i}`, description: 'Fine line and blackwork',
          start_date: addDays(today, from), end_date: addDays(today, from + 3 + (i % 20)), country_id: city.country_id, city_id: city.id,
          is_active: i % 10 === 3 ? 0 : 1, search_text: `guest spot ${i} ${city.name.toLowerCase()}`, created_at: new Date(now - i * 1000).toISOString(), updated_at: new Date(now).toISOString(),
          ...(table === 'guest_spots' ? { city_name: city.name, places: 1 } : {}),
        };
      });
      const ids = await db.insertInto(table).values(rows as never).returning('id').execute();
      await db.insertInto(links).values(ids.map((r, j) => ({ [key]: r.id, style_id: styles[(start + j) % styles.length]! })) as never).execute();
    }
  }
  if (first > 0) return;
  const images = artists.slice(0, 100).flatMap((userId, k) =>
    Array.from({ length: 12 }, (_, j) => {
      const at = new Date(now - (j * 100 + k) * 60_000).toISOString();
      return { user_id: userId, image_url: `/u/${userId}-${j}.webp`, medium_url: `/u/${userId}-${j}-m.webp`, thumbnail_url: `/u/${userId}-${j}-t.webp`, width: 800, height: 600, caption: null, position: j, created_at: at, updated_at: at };
    }),
  );
  for (let i = 0; i < images.length; i += 300) await db.insertInto('gallery_images').values(images.slice(i, i + 300) as never).execute();
  // plan1, the artist the reads below name.
  const reviewed = artists[0]!;
  const reviews = users.filter((u) => u.id !== reviewed).slice(0, 300).map((u, k) => {
    const at = new Date(now - k * 60_000).toISOString();
    return { reviewer_id: u.id, reviewed_id: reviewed, rating: 1 + (k % 5), comment: null, created_at: at, updated_at: at };
  });
  await db.insertInto('reviews').values(reviews as never).execute();
}

/**
 * The world: a first part in the site search's index, then many more people and listings
 * written past it (indexing costs a language guess a document), so the tables are large enough
 * for PostgreSQL to plan as at scale; then ANALYZE there.
 */
async function fill(t: TestApp): Promise<void> {
  await addWorld(t, 0, USERS, LISTINGS);
  await rebuildSearchIndex(t.app.ctx.db);
  await addWorld(t, USERS, EXTRA_USERS, EXTRA_LISTINGS);
  if (t.config.database.kind === 'postgres') await sql`analyze`.execute(t.app.ctx.db);
}

describeEachEngine('public lists: plans without scans or sorts', (engine) => {
  const t = useTestApp(engine, fill);
  let captured: CompiledQuery[] = [];
  let db: Db;
  let sqlite: InstanceType<typeof SQLite> | null = null;
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') captured.push(event.query);
  };

  beforeAll(() => {
    const database = t.config.database;
    if (database.kind === 'postgres') {
      const pool = new pg.Pool({ connectionString: database.url, max: 2, ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}) });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    } else {
      sqlite = new SQLite(database.file, { readonly: true });
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
    }
  });
  afterAll(async () => {
    await db?.destroy();
  });

  /** Each plan line that scans a big table or sorts, for a query not among the bounded sorts. */
  async function faults(query: CompiledQuery): Promise<string[]> {
    const bounded = BOUNDED_SORTS.some((part) => query.sql.includes(part));
    if (sqlite) {
      const plan = sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[];
      // An index walked in the list's order under a LIMIT stops at the page's end (SQLite names
      // that a SCAN too); the short partial index of suspended accounts may be read whole.
      const walks = / limit /i.test(query.sql);
      return plan
        .map((row) => row.detail)
        .filter((line) => {
          if (new RegExp(`^SCAN (${[...BIG_TABLES, ...BIG_ALIASES].join('|')})\\b`).test(line)) {
            return !(line.includes('users_suspended_ids_idx') || (walks && / USING (COVERING )?INDEX /.test(line)));
          }
          return !bounded && line.includes('TEMP B-TREE');
        });
    }
    // PostgreSQL weighs sizes: at this world's size it reads a table of a few hundred rows whole
    // and sorts a filter's few dozen matches, as it would at any size. So a sequential scan counts
    // on a table of PG_BIG_ROWS or more (the listings and users here; search_documents holds
    // about 6,600 and is checked on SQLite), and a sort of PG_SORTED_ROWS or more estimated rows.
    const large = (await sql<{ relname: string }>`select relname from pg_class where relkind = 'r' and reltuples >= ${PG_BIG_ROWS} and relnamespace = current_schema()::regnamespace`.execute(db)).rows.map((r) => r.relname);
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return result.rows
      .map((row) => row['QUERY PLAN'])
      .filter((line) => {
        const scanned = /Seq Scan on (\w+)/.exec(line)?.[1];
        if (scanned) return large.includes(scanned);
        const sorted = /\bSort {2}\(.*rows=(\d+)/.exec(line)?.[1];
        return !bounded && sorted !== undefined && Number(sorted) >= PG_SORTED_ROWS;
      });
  }

  const services = () => {
    const reference = createReferenceService({ db });
    const pictures = createCardImages(db);
    return {
      spots: createListingService(guestSpotKind, { db, reference, pictures, counterpart: availabilityKind }),
      availability: createListingService(availabilityKind, { db, reference, pictures, counterpart: guestSpotKind }),
      artists: createArtistService({ db, reference, pictures }),
      gallery: createGalleryService({ db, reference } as unknown as Parameters<typeof createGalleryService>[0]),
      reviews: createReviewService({ db, invalidation: noInvalidation }),
      search: createSearchService({ db }),
      map: createMapService({ db, reference }),
    };
  };

  const reads: [string, (s: ReturnType<typeof services>, ids: { studio: number; artist: number }) => Promise<unknown>][] = [
    ['guest spots, page 1', (s) => s.spots.listPublic(publicListQuery.parse({}), 'en')],
    ['guest spots, country + style, page 2', (s) => s.spots.listPublic(publicListQuery.parse({ country: 'DE', style: '3', page: '2' }), 'de')],
    ['guest spots, page 200', (s) => s.spots.listPublic(publicListQuery.parse({ page: '200' }), 'en')],
    ['guest spots, from a later day', (s) => s.spots.listPublic(publicListQuery.parse({ from: addDays(todayInBerlin(), 30) }), 'en')],
    ['guest spots, q', (s) => s.spots.listPublic(publicListQuery.parse({ q: 'berlin' }), 'en')],
    ['guest spots, deal type', (s) => s.spots.listPublic(guestSpotListQuery.parse({ dealType: 'commission' }), 'en')],
    ['guest spots, guest share + housing', (s) => s.spots.listPublic(guestSpotListQuery.parse({ minGuestShare: '60', housing: 'true' }), 'en')],
    ['guest spots, rent a day', (s) => s.spots.listPublic(guestSpotListQuery.parse({ maxRentCents: '8000', page: '2' }), 'en')],
    ['guest spots, housing', (s) => s.spots.listPublic(guestSpotListQuery.parse({ housing: 'true' }), 'en')],
    ['availabilities, page 1', (s) => s.availability.listPublic(publicListQuery.parse({}), 'en')],
    ['artists', (s) => s.artists.list(artistListQuery.parse({}), 'en')],
    ['artists, page 5', (s) => s.artists.list(artistListQuery.parse({ page: '5' }), 'en')],
    ['studios', (s) => s.artists.listStudios(studioListQuery.parse({}), 'en')],
    ['gallery', (s) => s.gallery.listPublic(galleryListQuery.parse({}), null, 'en')],
    ['profile tab: guest spots', (s, ids) => Promise.all([s.spots.listByOwner(null, ids.studio, 12, 'en'), s.spots.countByOwner(null, ids.studio)])],
    ['profile tab: availabilities', (s, ids) => Promise.all([s.availability.listByOwner(null, ids.artist, 12, 'en'), s.availability.countByOwner(null, ids.artist)])],
    ['reviews', (s, ids) => s.reviews.listFor(ids.artist, undefined, null)],
    // The map's city: its counts and first items (the globe's places are counts of every shown row).
    ['map, one city', async (s, ids) => {
      const { city_id: cityId } = await db.selectFrom('users').select('city_id').where('id', '=', ids.studio).executeTakeFirstOrThrow();
      return s.map.city(cityId ?? 0, mapCityQuery.parse({}), 'en');
    }],
    // Words most documents hold: each tier stops at its page, each count at its cap.
    ['site search, every type', (s) => s.search.search(searchQuerySchema.parse({ q: 'guest spot' }), 'en')],
    ['site search, one type, a word being typed', (s) => s.search.search(searchQuerySchema.parse({ q: 'blackw', type: 'guestspots' }), 'en')],
    ['site search, next page', async (s) => {
      const first = await s.search.search(searchQuerySchema.parse({ q: 'fine', limit: '5' }), 'en');
      return s.search.search(searchQuerySchema.parse({ q: 'fine', limit: '5', cursor: first.nextCursor ?? undefined }), 'en');
    }],
  ];

  it.each(reads)('%s', async (_name, read) => {
    const s = services();
    const studio = await db.selectFrom('users').select('id').where('username', '=', 'plan3').executeTakeFirstOrThrow();
    const artist = await db.selectFrom('users').select('id').where('username', '=', 'plan1').executeTakeFirstOrThrow();
    // Once to load the reference data (countries, cities, styles), which a process keeps; then the read's own queries.
    await read(s, { studio: studio.id, artist: artist.id });
    captured = [];
    const answer = await read(s, { studio: studio.id, artist: artist.id });
    expect(answer).toBeTruthy();
    const queries = [...captured];
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(await faults(query), query.sql).toEqual([]);
  });
});
