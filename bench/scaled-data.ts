import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { createDb, isPostgresDb, migrateToLatest } from '../src/server/db/index';
import { seed } from '../src/server/seed/index';
import { hashPassword } from '../src/server/modules/auth/index';
import { rebuildSearchIndex } from '../src/server/modules/search/index';
import { withDeferredIndexes } from './bulk-load';
import { addScaledForum } from './scaled-forum';
import { addScaledListings } from './scaled-listings';
import { addScaledMessages } from './scaled-messages';

/**
 * Fills a fresh database with a scaled world: `users` accounts (a tenth of them featured),
 * each with styles, and `messages` messages between them when asked for. Written straight
 * through the database, in batches, for speed.
 */
export async function createScaledDatabase(
  env: Record<string, string>,
  users = 20_000,
  listings = 100_000,
  messages = 0,
  log: (line: string) => void = () => {},
): Promise<void> {
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    log(`  ${name}: ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  const config = loadConfig(env);
  const db = createDb(config.database);
  await migrateToLatest(db);
  await seed({ db, config }, { demo: false });
  // A build that fails is thrown away, so SQLite need not sync; a larger page cache keeps index pages in memory.
  if (!isPostgresDb(db)) await sql`pragma synchronous = off`.execute(db);
  if (!isPostgresDb(db)) await sql`pragma cache_size = -262144`.execute(db);
  phase('schema and reference data');
  const hash = await hashPassword('bench-password-1!');
  const styles = await db.selectFrom('styles').select('id').execute();
  const cities = await db.selectFrom('cities').select(['id', 'name', 'country_id']).limit(500).execute();
  const now = Date.now();
  const batch = 500;
  for (let start = 0; start < users; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(users, start + batch); i++) {
      const city = cities[i % cities.length];
      const featured = i % 10 === 0;
      rows.push({
        username: `bench user ${i}`,
        username_key: `bench-user-${i}`,
        email: `bench${i}@example.test`,
        email_key: `bench${i}@example.test`,
        password_hash: hash,
        name: `Bench Artist ${i}`,
        user_type: i % 3 === 0 ? 'studio' : 'artist',
        featured_until: featured ? new Date(now + (1 + (i % 13)) * 86_400_000).toISOString() : null,
        bio: 'Fine line and blackwork, guest spots welcome. '.repeat(3),
        city_id: city?.id ?? null,
        country_id: city?.country_id ?? null,
        city_name: city?.name ?? null,
        instagram: `bench_${i}`,
        created_at: new Date(now - i * 60_000).toISOString(),
        updated_at: new Date(now - i * 60_000).toISOString(),
        avatar: null, header_image: null, city: null, country: null, country_name: null, gender: null,
        experience: null, facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null,
        pinterest: null, twitter: null, website: null,
      });
    }
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    const links = inserted.flatMap((u, k) => [0, 1, 2].map((j) => ({ user_id: u.id, style_id: styles[(k * 7 + j * 11) % styles.length]!.id })));
    await db.insertInto('user_styles').values(links).onConflict((oc) => oc.doNothing()).execute();
  }
  // 100,000 guest spots and 100,000 availabilities, so the public lists are measured at scale.
  phase(`${users.toLocaleString('en')} users`);
  await withDeferredIndexes(db, ['guest_spots', 'availabilities', 'guest_spot_styles', 'availability_styles'], () => addScaledListings(db, listings));
  phase(`${listings.toLocaleString('en')} guest spots and availabilities`);
  await addPortfolios(db, styles.map((s) => s.id));
  // 20,000 forum threads and one of 400 replies: the category pages and a deep thread page.
  await addScaledForum(db);
  phase('portfolios and forum');
  // Written past the services, so the search index is built from the rows afterwards, as `npm run search:reindex` does.
  await rebuildSearchIndex(db);
  phase('search index');
  if (messages > 0) {
    await withDeferredIndexes(db, ['messages', 'conversations'], () => addScaledMessages(db, messages));
    phase(`${messages.toLocaleString('en')} messages`);
  }
  // A live database has its planner statistics from autovacuum; a fresh one has none yet.
  if (isPostgresDb(db)) {
    await sql`vacuum analyze`.execute(db);
    phase('vacuum analyze');
  }
  await db.destroy();
}

/** Portfolio rows (no files: the bench reads answers, not images): 24 images for each of the first 200 users. */
async function addPortfolios(db: ReturnType<typeof createDb>, styleIds: number[], owners = 200, perOwner = 24): Promise<void> {
  // From the second user: the first is the bench's reader, whose own images would be answered per viewer.
  const users = await db.selectFrom('users').select('id').orderBy('id').offset(1).limit(owners).execute();
  const now = Date.now();
  for (const [k, u] of users.entries()) {
    const rows = Array.from({ length: perOwner }, (_, j) => {
      // Interleaved in time, so a gallery page shows many portfolios.
      const at = new Date(now - (j * owners + k) * 60_000).toISOString();
      const base = `/uploads/gallery/${u.id}/bench-${j}`;
      return {
        user_id: u.id, image_url: `${base}-large.webp`, medium_url: `${base}-medium.webp`, thumbnail_url: `${base}-thumb.webp`,
        width: 1600, height: 1200, caption: `Healed piece ${j}, fine line`, position: j, created_at: at, updated_at: at,
      };
    });
    const inserted = await db.insertInto('gallery_images').values(rows).returning('id').execute();
    const links = inserted.map((img, j) => ({ image_id: img.id, style_id: styleIds[(k + j) % styleIds.length]! }));
    await db.insertInto('gallery_image_styles').values(links).execute();
  }
}
