import { loadConfig } from '../src/server/config';
import { createDb, migrateToLatest } from '../src/server/db/index';
import { seed } from '../src/server/seed/index';
import { hashPassword } from '../src/server/modules/auth/password';
import { addScaledListings } from './scaled-listings';

/**
 * Fills a fresh database with a scaled world: `users` accounts (a tenth of them featured),
 * each with styles. Written straight through the database, in batches, for speed.
 */
export async function createScaledDatabase(env: Record<string, string>, users = 20_000, listings = 100_000): Promise<void> {
  const config = loadConfig(env);
  const db = createDb(config.database);
  await migrateToLatest(db);
  await seed({ db, config }, { demo: false });
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
  await addScaledListings(db, listings);
  await db.destroy();
}
