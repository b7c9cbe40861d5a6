import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../common/languages';
import { usernameKey, usernameProblem } from '../../../common/username';
import { variantUrl } from '../../lib/images/index';
import { createStorage } from '../../lib/storage/index';
import { verifyPassword } from '../../modules/auth/index';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { DEMO_EMAIL_DOMAIN, DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './index';
import { bioLanguage, portfolioPieces } from './portfolio';
import { HEALED_WORDS, SEASON_WORDS, seasonOf, type Season } from './tattoos/captions';
import { renderPiece } from './tattoos/pieces';

describeEachEngine('demo seed', (engine) => {
  let t: TestApp;
  let seconds = 0;
  beforeAll(async () => {
    const started = Date.now();
    t = await createTestApp(engine, {}, { demo: true });
    seconds = (Date.now() - started) / 1000;
  }, 120_000);
  afterAll(() => t?.close());

  const users = () => t.app.ctx.db.selectFrom('users').selectAll().orderBy('id').execute();

  it('creates about 45 artists and studios with believable profiles', async () => {
    const all = await users();
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all.length).toBeLessThanOrEqual(50);
    expect(all.filter((u) => u.user_type === 'artist').length).toBeGreaterThanOrEqual(28);
    expect(all.filter((u) => u.user_type === 'studio').length).toBeGreaterThanOrEqual(14);
    for (const u of all) {
      expect(u.email_key.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(usernameProblem(u.username), u.username).toBeNull();
      expect(u.username_key).toBe(usernameKey(u.username));
      expect(u.bio?.length ?? 0).toBeGreaterThan(60);
      expect(Array.isArray(JSON.parse(u.languages))).toBe(true);
      expect(u.country_name).toBeTruthy();
      expect(u.city_name).toBeTruthy();
    }
    const located = all.filter((u) => u.city_id !== null && u.country_id !== null);
    expect(located.length).toBeGreaterThanOrEqual(all.length - 3);
    expect(all.filter((u) => u.country_name === 'Deutschland').length).toBeGreaterThan(20);
    const styled = await t.app.ctx.db.selectFrom('user_styles').select(['user_id']).execute();
    expect(new Set(styled.map((s) => s.user_id)).size).toBe(all.length - 1);
  });

  it('has the three well-known logins with the demo password', async () => {
    const byEmail = new Map((await users()).map((u) => [u.email_key, u]));
    const lena = byEmail.get(DEMO_LOGINS.artist.email);
    const studio = byEmail.get(DEMO_LOGINS.studio.email);
    const admin = byEmail.get(DEMO_LOGINS.admin.email);
    expect(lena).toMatchObject({ username: 'Lena Ink', user_type: 'artist', role: 'user', country_name: 'Deutschland' });
    expect(lena?.city_name).toBe('Berlin');
    expect(lena?.city_id).not.toBeNull();
    expect(studio).toMatchObject({ username: 'Nadelwerk Berlin', user_type: 'studio', city_name: 'Berlin' });
    expect(studio?.workstations).toBeGreaterThan(0);
    expect(admin).toMatchObject({ username: 'Admin Team', user_type: 'artist', role: 'admin' });
    expect(await verifyPassword(lena?.password_hash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(admin?.password_hash ?? '', 'wrong')).toBe(false);
  });

  it('features some artists and studios for the next days', async () => {
    const now = Date.now();
    const featured = (await users()).filter((u) => u.featured_until && Date.parse(u.featured_until) > now);
    expect(featured.filter((u) => u.user_type === 'artist').length).toBeGreaterThanOrEqual(5);
    expect(featured.filter((u) => u.user_type === 'studio').length).toBeGreaterThanOrEqual(5);
    for (const u of featured) expect(Date.parse(u.featured_until as string) - now).toBeLessThan(14 * 86_400_000);
  });

  it('features the demo artist and studio by their own test-provider purchases, and plans posts for the artist', async () => {
    const db = t.app.ctx.db;
    const byEmail = new Map((await users()).map((u) => [u.email_key, u]));
    const lena = byEmail.get(DEMO_LOGINS.artist.email);
    const studio = byEmail.get(DEMO_LOGINS.studio.email);
    for (const u of [lena, studio]) expect(Date.parse(u?.featured_until as string)).toBeGreaterThan(Date.now());
    const orders = await db.selectFrom('payment_orders').select(['user_id', 'status', 'provider', 'receipt_number']).execute();
    expect(orders.filter((o) => o.user_id === lena?.id).map((o) => o.status).sort()).toEqual(['completed', 'failed', 'pending']);
    expect(orders.filter((o) => o.user_id === studio?.id).map((o) => o.status)).toEqual(['completed']);
    expect(orders.every((o) => o.provider === 'test')).toBe(true);
    expect(orders.filter((o) => o.receipt_number !== null)).toHaveLength(2);
    const posts = await db.selectFrom('instagram_posts').select(['user_id', 'status']).execute();
    expect(posts.filter((p) => p.user_id === lena?.id).map((p) => p.status).sort()).toEqual(['draft', 'planned', 'published']);
    // Both show on the home page's featured lists.
    const artists = (await t.app.inject({ method: 'GET', url: '/api/featured/artists?limit=50' })).json() as { artists: { id: number }[] };
    expect(artists.artists.map((a) => a.id)).toContain(lena?.id);
  });

  it('gives everyone a stored avatar and header in every variant', async () => {
    const storage = createStorage(t.config);
    for (const u of await users()) {
      for (const url of [u.avatar, u.header_image]) {
        expect(url).toMatch(/^\/uploads\/(avatars|headers)\/\d+\/[0-9a-f]+-large\.webp$/);
        for (const variant of ['thumbnail', 'medium', 'large'] as const) {
          const key = storage.keyFromUrl(variantUrl(url as string, variant));
          expect(key && (await storage.get(key)), `${u.username} ${variant}`).toBeTruthy();
        }
      }
    }
    const lena = (await users()).find((u) => u.email_key === DEMO_LOGINS.artist.email);
    const avatar = await storage.get(storage.keyFromUrl(lena?.avatar as string) as string);
    const header = await storage.get(storage.keyFromUrl(lena?.header_image as string) as string);
    expect(await sharp(avatar as Buffer).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(await sharp(header as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 400 });
  });

  it('adds nothing when run again', async () => {
    const before = await users();
    const stylesBefore = await t.app.ctx.db.selectFrom('user_styles').select('user_id').execute();
    const ordersBefore = await t.app.ctx.db.selectFrom('payment_orders').select('id').execute();
    await seedDemo({ db: t.app.ctx.db, config: t.config });
    expect((await users()).length).toBe(before.length);
    expect(await t.app.ctx.db.selectFrom('payment_orders').select('id').execute()).toHaveLength(ordersBefore.length);
    expect((await t.app.ctx.db.selectFrom('user_styles').select('user_id').execute()).length).toBe(stylesBefore.length);
  });

  it('fills the admin inbox and a year of active days for the statistics, once', async () => {
    const db = t.app.ctx.db;
    const messages = await db.selectFrom('contact_messages').select(['id', 'status', 'user_id', 'language']).orderBy('id').execute();
    expect(messages.map((m) => m.status).sort()).toEqual(['answered', 'closed', 'new', 'new', 'read', 'spam']);
    expect(new Set(messages.map((m) => m.language))).toEqual(new Set(['en', 'de', 'es', 'fr', 'pt']));
    // Lena and Ana wrote from their accounts' addresses: the inbox links them.
    expect(messages.filter((m) => m.user_id !== null)).toHaveLength(2);
    expect(await db.selectFrom('contact_replies').select('id').execute()).toHaveLength(1);
    const weeks = new Set((await db.selectFrom('user_activity').select('week_start').execute()).map((r) => r.week_start));
    expect(weeks.size).toBeGreaterThanOrEqual(50);
    const days = (await db.selectFrom('user_activity').select('day').execute()).length;
    await seedDemo({ db, config: t.config });
    expect(await db.selectFrom('contact_messages').select('id').execute()).toHaveLength(messages.length);
    expect((await db.selectFrom('user_activity').select('day').execute()).length).toBe(days);
  });

  it('gives every artist and studio a portfolio of 4 to 6 images (8 for the showcase logins) with their styles and captions in their bio language', async () => {
    const db = t.app.ctx.db;
    const storage = createStorage(t.config);
    const people = (await users()).filter((u) => u.role === 'user');
    const images = await db.selectFrom('gallery_images').selectAll().orderBy('user_id').orderBy('position').execute();
    const links = await db.selectFrom('gallery_image_styles').selectAll().execute();
    const userStyles = await db.selectFrom('user_styles').selectAll().execute();
    for (const person of people) {
      const own = images.filter((i) => i.user_id === person.id);
      expect(own.length, person.username).toBeGreaterThanOrEqual(4);
      const showcase = person.email_key.startsWith('lena@') || person.email_key.startsWith('studio@');
      expect(own.length, person.username).toBeLessThanOrEqual(showcase ? 8 : 6);
      expect(own.map((i) => i.position)).toEqual(own.map((_, k) => k));
      const allowed = new Set(userStyles.filter((s) => s.user_id === person.id).map((s) => s.style_id));
      for (const image of own) {
        const styles = links.filter((l) => l.image_id === image.id).map((l) => l.style_id);
        expect(styles.length).toBeGreaterThanOrEqual(1);
        for (const s of styles) expect(allowed.has(s), `${person.username} style ${s}`).toBe(true);
        expect(image.caption?.length ?? 0).toBeGreaterThan(5);
        expect(Date.parse(image.created_at)).toBeGreaterThan(Date.parse(person.created_at));
      }
    }
    // Every row has files of its own, so deleting one image never takes another's.
    const urls = images.flatMap((i) => [i.image_url, i.medium_url, i.thumbnail_url]);
    expect(new Set(urls).size).toBe(urls.length);
    for (const image of images.slice(0, 12)) {
      for (const url of [image.image_url, image.medium_url, image.thumbnail_url]) expect(await storage.get(storage.keyFromUrl(url) as string), url).toBeTruthy();
    }
    const captionOf = (email: string) => images.find((i) => i.user_id === people.find((p) => p.email_key.startsWith(email))?.id)?.caption ?? '';
    const byLanguage = { lena: / (am|an der|an den|auf dem|auf der) /, carla: / en (el|la|las) / };
    expect(captionOf('lena@')).toMatch(byLanguage.lena);
    expect(captionOf('carla@')).toMatch(byLanguage.carla);
    expect(images.filter((i) => i.user_id === (people.find((p) => p.email_key === DEMO_LOGINS.admin.email)?.id ?? -1))).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: '/api/gallery?limit=60' });
    expect(page.json().images).toHaveLength(60);
    expect(page.json().nextCursor).toEqual(expect.any(String));
  });

  /** Every gallery image's content, by the hash of its thumbnail: a piece stored twice has the same bytes. */
  async function contentHash(url: string): Promise<string> {
    const storage = createStorage(t.config);
    const bytes = await storage.get(storage.keyFromUrl(variantUrl(url, 'thumbnail')) as string);
    return createHash('sha256')
      .update(bytes as Buffer)
      .digest('hex');
  }

  it('shows no piece twice in the first three gallery pages', async () => {
    const urls: string[] = [];
    let cursor: string | null = null;
    while (urls.length < 72) {
      const page = (await t.app.inject({ method: 'GET', url: `/api/gallery?limit=24${cursor ? `&cursor=${cursor}` : ''}` })).json() as { images: { imageUrl: string }[]; nextCursor: string | null };
      urls.push(...page.images.map((i) => i.imageUrl));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(urls.length).toBe(72);
    const hashes = await Promise.all(urls.map(contentHash));
    expect(new Set(hashes).size).toBe(72);
  });

  it('has at least 200 distinct pieces, none twice within a profile', async () => {
    const images = await t.app.ctx.db.selectFrom('gallery_images').select(['user_id', 'image_url']).execute();
    const hashes = await Promise.all(images.map((i) => contentHash(i.image_url)));
    expect(new Set(hashes).size).toBeGreaterThanOrEqual(200);
    for (const user of new Set(images.map((i) => i.user_id))) {
      const own = hashes.filter((_, k) => images[k]?.user_id === user);
      expect(new Set(own).size, `user ${user}`).toBe(own.length);
    }
  });

  it('writes captions that fit the picture and its date: fresh pieces never healed, seasons only in their season', async () => {
    const db = t.app.ctx.db;
    const people = (await users()).filter((u) => u.role === 'user');
    const images = await db.selectFrom('gallery_images').select(['user_id', 'position', 'caption', 'created_at']).execute();
    const slugs = await db.selectFrom('user_styles').innerJoin('styles', 'styles.id', 'user_styles.style_id').select(['user_id', 'slug']).orderBy('styles.id').execute();
    let fresh = 0;
    let seasonal = 0;
    for (const person of people) {
      const pieces = portfolioPieces(
        person.email_key,
        slugs.filter((s) => s.user_id === person.id).map((s) => s.slug),
      );
      for (const image of images.filter((i) => i.user_id === person.id)) {
        const caption = image.caption ?? '';
        if (pieces[image.position]?.fresh) {
          fresh++;
          for (const lang of LANGUAGES) expect(caption, `${person.username}: fresh, yet healed`).not.toMatch(HEALED_WORDS[lang]);
        }
        const season = seasonOf(new Date(image.created_at));
        for (const lang of LANGUAGES) {
          for (const [named, words] of Object.entries(SEASON_WORDS[lang]) as [Season, RegExp][]) {
            if (!words.test(caption)) continue;
            seasonal++;
            expect(named, `${caption} on ${image.created_at}`).toBe(season);
          }
        }
      }
    }
    expect(fresh).toBeGreaterThan(40);
    expect(seasonal).toBeGreaterThan(10);
    // Listings move with the seeding day, so their texts name no season at all.
    const listings = [
      ...(await db.selectFrom('guest_spots').select(['title', 'description']).execute()),
      ...(await db.selectFrom('availabilities').select(['title', 'description']).execute()),
    ];
    for (const l of listings) {
      for (const lang of LANGUAGES) for (const words of Object.values(SEASON_WORDS[lang])) expect(`${l.title} ${l.description}`).not.toMatch(words);
    }
  });

  it('has a community writing in all five languages, German first', async () => {
    const bios = (await users()).filter((u) => u.role === 'user').map((u) => bioLanguage(u.bio));
    const count = (lang: Language) => bios.filter((b) => b === lang).length;
    for (const lang of LANGUAGES) expect(count(lang), lang).toBeGreaterThanOrEqual(2);
    expect(count('de')).toBeGreaterThan(bios.length / 2);
  });

  it('stays quick to seed', () => {
    expect(seconds).toBeLessThan(30);
  });
});

it('renders each piece the same on every run, and different pieces differently', async () => {
  const a = await renderPiece({ id: 'test-a', family: 'traditional', fresh: true, aspect: '1:1' });
  const again = await renderPiece({ id: 'test-a', family: 'traditional', fresh: true, aspect: '1:1' });
  const b = await renderPiece({ id: 'test-b', family: 'traditional', fresh: true, aspect: '1:1' });
  expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 720 });
  expect(a.equals(again)).toBe(true);
  expect(a.equals(b)).toBe(false);
});
