import { usernameKey, usernameProblem } from '../../../common/username';
import type { Config } from '../../config';
import { processImage, storeImage } from '../../lib/images/index';
import { createStorage, type Storage } from '../../lib/storage/index';
import { hashPassword, insertAccount, type NewAccount, updateUser } from '../../modules/auth/index';
import { setUserStyles } from '../../modules/profiles/index';
import type { Db } from '../../db/index';
import { generateAvatar } from './artwork';
import { seedDemoConversations } from './conversations';
import { seedDemoDeals } from './deals';
import { seedDemoVerification } from './trust';
import { seedDemoCityAlerts } from './city-alerts';
import { seedDemoForum } from './forum';
import { seedDemoFollows } from './follows';
import { seedDemoSavedSearches } from './saved-searches';
import { seedDemoActivity, seedDemoContactMessages } from './inbox';
import { seedDemoListings } from './listings';
import { seedDemoModeration } from './moderation';
import { seedDemoNotifications } from './notifications';
import { seedDemoPurchases } from './payments';
import { headerPiece, seedPortfolios } from './portfolio';
import { seedDemoPosts } from './posts';
import { seedDemoReviews } from './reviews';
import { seedDemoSpotPhotos } from './spot-photos';
import { processedPiece } from './tattoos/pieces';
import { COUNTRY_NAMES_DE, DEMO_ADMIN, DEMO_ARTISTS, DEMO_CITIES, DEMO_STUDIOS, type DemoCity, type DemoPerson } from './people';

export { generateArtwork, generateAvatar } from './artwork';
export type { DemoPerson } from './people';

/** Every demo account's e-mail ends with this; a reserved test domain, so no mail ever leaves. */
export const DEMO_EMAIL_DOMAIN = 'demo.tattooguestspots.test';
export const DEMO_PASSWORD = 'demo1234!';

/** The logins the README names. */
export const DEMO_LOGINS = {
  artist: { email: `lena@${DEMO_EMAIL_DOMAIN}`, username: 'Lena Ink', password: DEMO_PASSWORD },
  studio: { email: `studio@${DEMO_EMAIL_DOMAIN}`, username: 'Nadelwerk Berlin', password: DEMO_PASSWORD },
  admin: { email: `admin@${DEMO_EMAIL_DOMAIN}`, username: 'Admin Team', password: DEMO_PASSWORD },
} as const;

export const DEMO_PEOPLE: readonly DemoPerson[] = [...DEMO_ARTISTS, ...DEMO_STUDIOS, DEMO_ADMIN];

// Four pictures in flight at once keeps both cores busy without piling up decoded images.
const IMAGE_CONCURRENCY = 4;
const DAY_MS = 86_400_000;
const AVATAR_SIZE = 512;

interface Place {
  cityId: number | null;
  cityName: string;
  countryId: number | null;
  countryName: string;
}

/**
 * The demo world: artists and studios across Germany and Europe with bios, styles, social
 * links, generated avatars and header images, some of them featured (the demo artist and studio
 * by test-provider purchases, with receipts), and planned posts. Runs once per database:
 * if any demo account exists it does nothing.
 */
export async function seedDemo(ctx: { db: Db; config: Config }): Promise<void> {
  const { db, config } = ctx;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email_key', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (existing) {
    // Listings came later than the accounts: an older demo database gets them on its next start.
    await seedDemoListings(db, DEMO_EMAIL_DOMAIN);
    await seedDemoSpotPhotos(db, createStorage(config), DEMO_EMAIL_DOMAIN);
    await seedDemoReviews(db, DEMO_EMAIL_DOMAIN);
    await seedDemoConversations(db, DEMO_EMAIL_DOMAIN);
    await seedDemoDeals(db, DEMO_EMAIL_DOMAIN);
    await seedDemoVerification(db, createStorage(config), DEMO_EMAIL_DOMAIN);
    await seedDemoPurchases(db, config, DEMO_EMAIL_DOMAIN);
    await seedDemoPosts(db, config, DEMO_EMAIL_DOMAIN);
    await seedDemoModeration(db, DEMO_EMAIL_DOMAIN);
    await seedDemoContactMessages(db, DEMO_EMAIL_DOMAIN);
    await seedDemoActivity(db, DEMO_EMAIL_DOMAIN);
    await seedDemoNotifications(db, DEMO_EMAIL_DOMAIN);
    await seedDemoForum(db, DEMO_EMAIL_DOMAIN);
    await seedDemoFollows(db, DEMO_EMAIL_DOMAIN);
    await seedDemoSavedSearches(db, DEMO_EMAIL_DOMAIN);
    await seedDemoCityAlerts(db, config.sessionSecret, DEMO_EMAIL_DOMAIN);
    return;
  }
  for (const person of DEMO_PEOPLE) {
    const problem = usernameProblem(person.username);
    if (problem) throw new Error(`Demo username "${person.username}" is not allowed: ${problem}`);
  }

  // One hash for every account: argon2 is slow by design, and all share the same password.
  const [passwordHash, places, styleIds] = await Promise.all([hashPassword(DEMO_PASSWORD), findPlaces(db), findStyles(db)]);
  const now = Date.now();
  let featuredCount = 0;
  const accounts: NewAccount[] = DEMO_PEOPLE.map((person, index) => {
    const place = places.get(person.city) as Place;
    // Spread over 3 to 13 days, so the featured lists change over the demo's first weeks.
    const featuredUntil = person.featured ? new Date(now + (3 + ((featuredCount++ * 4) % 11)) * DAY_MS).toISOString() : null;
    return {
      username: person.username,
      email: `${person.email}@${DEMO_EMAIL_DOMAIN}`,
      userType: person.type,
      role: person.role ?? 'user',
      password: { hash: passwordHash },
      createdAt: new Date(now - (14 + ((index * 37) % 480)) * DAY_MS).toISOString(),
      profile: {
        name: person.name,
        featured_until: featuredUntil,
        bio: person.bio,
        city: place.cityName,
        country: place.countryName,
        city_id: place.cityId,
        country_id: place.countryId,
        city_name: place.cityName,
        country_name: place.countryName,
        gender: person.gender ?? null,
        experience: person.experience ?? null,
        languages: JSON.stringify(person.languages),
        workstations: person.workstations ?? 0,
        piercings: person.piercings ? 1 : 0,
        tattoo_removal: person.tattooRemoval ? 1 : 0,
        microblading: person.microblading ? 1 : 0,
        instagram: demoHandle(person.instagram === undefined ? instagramHandle(person.username) : person.instagram),
        facebook: demoHandle(person.facebook),
        tiktok: demoHandle(person.tiktok),
        youtube: demoHandle(person.youtube),
        whatsapp: person.whatsapp ?? null,
        website: person.website ?? null,
      },
    };
  });

  const storage = createStorage(config);
  // One transaction: a seed that fails half-way leaves no demo account, so the next start retries.
  await db.transaction().execute(async (trx) => {
    // One after another, in the list's order: the ids come out as one multi-row insert gave them.
    const people: { person: DemoPerson; index: number; id: number }[] = [];
    for (const [index, person] of DEMO_PEOPLE.entries()) {
      const row = await insertAccount(trx, accounts[index] as NewAccount);
      people.push({ person, index, id: row.id });
    }

    for (const { person, id } of people) {
      await setUserStyles(trx, id, [...new Set(person.styles.map((slug) => styleIds.get(slug)).filter((s): s is number => s !== undefined))]);
    }

    for (let i = 0; i < people.length; i += IMAGE_CONCURRENCY) {
      const chunk = people.slice(i, i + IMAGE_CONCURRENCY);
      const images = await Promise.all(chunk.map(({ person, index, id }) => demoImages(storage, person, index, id)));
      // Updates one after another: a transaction holds one connection.
      for (const [j, { id }] of chunk.entries()) {
        const image = images[j] as { avatar: string; header: string };
        await updateUser(trx, id, { avatar: image.avatar, header_image: image.header });
      }
    }
  });
  await seedPortfolios(db, storage, DEMO_EMAIL_DOMAIN);
  await seedDemoListings(db, DEMO_EMAIL_DOMAIN);
  // After the listings and portfolios: some spots show the studio's pictures.
  await seedDemoSpotPhotos(db, storage, DEMO_EMAIL_DOMAIN);
  await seedDemoReviews(db, DEMO_EMAIL_DOMAIN);
  // After the listings: Lena's application names one of the studio's spots.
  await seedDemoConversations(db, DEMO_EMAIL_DOMAIN);
  // After the application: more pending requests, an invitation, a confirmed and a completed stay.
  await seedDemoDeals(db, DEMO_EMAIL_DOMAIN);
  // Nadelwerk Berlin is a verified studio.
  await seedDemoVerification(db, storage, DEMO_EMAIL_DOMAIN);
  // The two demo logins buy featured status on the test provider, then Lena plans posts with it.
  await seedDemoPurchases(db, config, DEMO_EMAIL_DOMAIN);
  await seedDemoPosts(db, config, DEMO_EMAIL_DOMAIN);
  // After the portfolios, listings and posts: open reports on them, and promotions of Lena's posts.
  await seedDemoModeration(db, DEMO_EMAIL_DOMAIN);
  // The admin area's inbox, and a year of active days behind its statistics.
  await seedDemoContactMessages(db, DEMO_EMAIL_DOMAIN);
  await seedDemoActivity(db, DEMO_EMAIL_DOMAIN);
  await seedDemoNotifications(db, DEMO_EMAIL_DOMAIN);
  await seedDemoForum(db, DEMO_EMAIL_DOMAIN);
  await seedDemoFollows(db, DEMO_EMAIL_DOMAIN);
  // Saved searches of the demo logins, some with hits in Lena's bell.
  await seedDemoSavedSearches(db, DEMO_EMAIL_DOMAIN);
  // Visitors' confirmed city alerts for two artists, so their demand by city has numbers.
  await seedDemoCityAlerts(db, config.sessionSecret, DEMO_EMAIL_DOMAIN);
}

async function demoImages(storage: Storage, person: DemoPerson, index: number, id: number): Promise<{ avatar: string; header: string }> {
  const avatarPng = await generateAvatar(index + 1, person.name, AVATAR_SIZE);
  const avatar = await storeImage(storage, await processImage(avatarPng, 'avatar'), `avatars/${id}`);
  const { processed } = await processedPiece(headerPiece(person.email, person.styles[0]), 'header');
  const header = await storeImage(storage, processed, `headers/${id}`);
  return { avatar: avatar.imageUrl, header: header.imageUrl };
}

/**
 * Demo profiles link to the social networks like real ones; a plausible handle such as
 * "nadelwerk.berlin" may belong to a real person, so every demo handle carries a marker no real
 * studio would choose (Instagram allows 30 characters).
 */
function demoHandle(handle: string | null | undefined): string | null {
  return handle ? `tgsdemo.${handle}`.slice(0, 30).replace(/\.+$/, '') : null;
}

/** An Instagram-style handle from a username: "Mia Fineline" -> "mia.fineline". */
function instagramHandle(username: string): string {
  return usernameKey(username)
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/-/g, '.')
    .replace(/[^a-z0-9._]/g, '');
}

/**
 * Each demo city found in the seeded tables, by the first of its names that exists there
 * (GeoNames spells some in English: Munich, Vienna); an unknown city keeps its name without id.
 */
async function findPlaces(db: Db): Promise<Map<DemoCity, Place>> {
  const entries = Object.entries(DEMO_CITIES) as Array<[DemoCity, (typeof DEMO_CITIES)[DemoCity]]>;
  const codes = [...new Set(entries.map(([, c]) => c.country))];
  const countries = await db.selectFrom('countries').select(['id', 'code', 'name_de']).where('code', 'in', codes).execute();
  const countryByCode = new Map(countries.map((c) => [c.code, c]));
  const names = [...new Set(entries.flatMap(([, c]) => c.names))];
  const countryIds = countries.map((c) => c.id);
  const cities = countryIds.length
    ? await db
        .selectFrom('cities')
        .select(['id', 'country_id', 'name', 'population'])
        .where('country_id', 'in', countryIds)
        .where('name', 'in', names)
        .orderBy('population', 'desc')
        .execute()
    : [];

  const places = new Map<DemoCity, Place>();
  for (const [key, city] of entries) {
    const country = countryByCode.get(city.country);
    const found = city.names
      .map((name) => cities.find((c) => c.country_id === country?.id && c.name === name))
      .find((c) => c !== undefined);
    places.set(key, {
      cityId: found?.id ?? null,
      cityName: found?.name ?? (city.names[0] as string),
      countryId: country?.id ?? null,
      countryName: country?.name_de ?? COUNTRY_NAMES_DE[city.country] ?? city.country,
    });
  }
  return places;
}

async function findStyles(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('styles').select(['id', 'slug']).execute();
  return new Map(rows.map((r) => [r.slug, r.id]));
}
