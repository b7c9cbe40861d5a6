import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '../../lib/images/index';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { cutText as cutDescription } from '../../http/head';

/** Every field of the specified user/profile entity as others see it; the owner also gets email and role. */
const PROFILE_KEYS = [
  'averageRating', 'avatar', 'bio', 'can', 'city', 'cityId', 'cityName', 'country', 'countryCode', 'countryId', 'countryName', 'createdAt',
  'experience', 'facebook', 'featuredUntil', 'galleryImages', 'gender', 'headerImage', 'id', 'instagram', 'languages',
  'microblading', 'name', 'piercings', 'pinterest', 'styles', 'tattooRemoval', 'telegram', 'tiktok', 'twitter',
  'userType', 'username', 'website', 'whatsapp', 'workstations', 'youtube', 'reviewsCount', 'totalReviews', 'followers',
].sort();

/** A photo as phones write it: EXIF with camera and GPS. */
function cameraJpeg(width = 900, height = 700) {
  return sharp({ create: { width, height, channels: 3, background: '#3060a0' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'InkCam', Model: 'Flash 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1200/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .toBuffer();
}

describeEachEngine('profiles', (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let studio: TestUser;
  let styles: { id: number; slug: string; name_de: string; name_en: string }[];
  let germany: { id: number };
  let berlin: { id: number; name: string };
  let vienna: { id: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createArtist(t.app, { username: `Anna Maria ${process.pid % 1000}` });
    other = await createArtist(t.app);
    studio = await createStudio(t.app);
    const db = t.app.ctx.db;
    styles = await db.selectFrom('styles').select(['id', 'slug', 'name_de', 'name_en']).execute();
    germany = await db.selectFrom('countries').select('id').where('code', '=', 'DE').executeTakeFirstOrThrow();
    berlin = await db.selectFrom('cities').select(['id', 'name']).where('country_id', '=', germany.id).where('name', '=', 'Berlin').executeTakeFirstOrThrow();
    const austria = await db.selectFrom('countries').select('id').where('code', '=', 'AT').executeTakeFirstOrThrow();
    vienna = await db.selectFrom('cities').select('id').where('country_id', '=', austria.id).orderBy('population', 'desc').executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });
  const put = (url: string, payload: unknown, user?: TestUser, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });
  const slug = (s: string) => styles.find((x) => x.slug === s) as { id: number; name_de: string; name_en: string };
  const pathName = (u: TestUser) => u.user.username.replace(/ /g, '-');

  describe('reading', () => {
    it('answers the own profile with every field and the e-mail, and 401 to a visitor', async () => {
      const res = await get('/api/profile/me', owner);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Profile loaded.' });
      expect(Object.keys(body.user).sort()).toEqual([...PROFILE_KEYS, 'email', 'role'].sort());
      expect(body.user).toMatchObject({
        id: owner.user.id,
        username: owner.user.username,
        email: owner.email,
        userType: 'artist',
        role: 'user',
        languages: [],
        styles: [],
        galleryImages: [],
        workstations: 0,
        piercings: false,
        tattooRemoval: false,
        microblading: false,
      });
      expect(res.body).not.toMatch(/password|argon2/i);

      const visitor = await get('/api/profile/me', undefined, { 'accept-language': 'de' });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
    });

    it('finds a profile by its path name in any case, without the e-mail and the role for others', async () => {
      const variants = [pathName(owner), pathName(owner).toUpperCase(), encodeURIComponent(owner.user.username)];
      for (const name of variants) {
        const res = await get(`/api/profile/${name}`, other);
        expect(res.statusCode, name).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ success: true, user: { id: owner.user.id }, message: expect.any(String) });
        expect(Object.keys(body.user).sort()).toEqual(PROFILE_KEYS);
        expect(res.body).not.toContain(owner.email);
      }
      const visitor = await get(`/api/profile/${pathName(owner)}`);
      expect(visitor.json().user.email).toBeUndefined();
      expect(visitor.json().user).not.toHaveProperty('role');
      const self = await get(`/api/profile/${pathName(owner)}`, owner);
      expect(self.json().user).toMatchObject({ email: owner.email, role: 'user' });
    });

    it('tells each viewer whether they may edit the profile: its owner only, as the policy decides', async () => {
      const admin = await createArtist(t.app);
      await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
      const canOf = async (viewer?: TestUser) => (await get(`/api/profile/${pathName(owner)}`, viewer)).json().user.can;
      expect(await canOf(owner)).toEqual({ edit: true, delete: true });
      expect(await canOf(other)).toEqual({ edit: false, delete: false });
      expect(await canOf(admin)).toEqual({ edit: false, delete: false });
      expect(await canOf()).toEqual({ edit: false, delete: false });
    });

    it('answers 404 with success false for an unknown profile, in the request language', async () => {
      const res = await get('/api/profile/nobody-here-xyz', undefined, { 'accept-language': 'de' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Profil nicht gefunden.', error: 'Profil nicht gefunden.', code: 'profileNotFound' });
      const en = await get('/api/profile/nobody-here-xyz');
      expect(en.json().message).toBe('Profile not found.');
    });

    it('answers the profile by id, and the short user by id and by username', async () => {
      const res = await get(`/api/users/${studio.user.id}/profile`);
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expect(Object.keys(res.json().user).sort()).toEqual(PROFILE_KEYS);
      expect(res.json().user.userType).toBe('studio');

      const summary = { id: studio.user.id, name: studio.user.name, userType: 'studio', username: studio.user.username, avatar: null };
      expect((await get(`/api/users/${studio.user.id}`)).json()).toEqual(summary);
      expect((await get(`/api/users/by-username/${studio.user.username.toUpperCase()}`)).json()).toEqual(summary);

      expect((await get('/api/users/999999/profile')).statusCode).toBe(404);
      expect((await get('/api/users/999999')).statusCode).toBe(404);
      expect((await get('/api/users/by-username/nobody-here-xyz')).statusCode).toBe(404);
      const bad = await get('/api/users/abc/profile', undefined, { 'accept-language': 'fr' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Vérifie ta saisie.');
    });
  });

  describe('editing', () => {
    const full = () => ({
      name: '  Anna Maria  ',
      bio: 'Fine line and botanicals in Berlin.',
      instagram: '@anna.ink',
      facebook: '',
      tiktok: 'anna_tt',
      youtube: null,
      telegram: 'annaink',
      whatsapp: '+49 170 1234567',
      website: 'anna.example',
      pinterest: 'annapins',
      twitter: 'annax',
      gender: 'female',
      languages: ['german', 'english', 'german'],
      experience: '6-9',
      country: 'Deutschland',
      city: 'Berlin',
      countryId: String(germany.id),
      cityId: berlin.id,
      workstations: '',
      piercings: true,
      tattooRemoval: 'false',
      microblading: 1,
      styles: [String(slug('watercolor').id), slug('blackwork').id, String(slug('fine-line').id)],
    });

    it('saves the whole update payload for the owner and answers the whole profile', async () => {
      const res = await put(`/api/users/${owner.user.id}/profile`, full(), owner, { 'accept-language': 'de' });
      expect(res.statusCode).toBe(200);
      const { user, success } = res.json();
      expect(success).toBe(true);
      expect(user).toMatchObject({
        name: 'Anna Maria',
        bio: 'Fine line and botanicals in Berlin.',
        instagram: '@anna.ink',
        facebook: null,
        youtube: null,
        whatsapp: '+49 170 1234567',
        website: 'anna.example',
        gender: 'female',
        languages: ['german', 'english'],
        experience: '6-9',
        countryId: germany.id,
        countryCode: 'DE',
        countryName: 'Deutschland',
        country: 'Deutschland',
        cityId: berlin.id,
        cityName: 'Berlin',
        city: 'Berlin',
        workstations: 0,
        piercings: true,
        tattooRemoval: false,
        microblading: true,
        email: owner.email,
      });
      // Named in German for a German request, sorted by German collation.
      const names = user.styles.map((s: { name: string }) => s.name);
      expect(names).toEqual([slug('watercolor').name_de, slug('blackwork').name_de, slug('fine-line').name_de].sort(new Intl.Collator('de').compare));
      expect(user.styles[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

      const en = (await get(`/api/users/${owner.user.id}/profile`, undefined, { 'accept-language': 'en' })).json().user;
      expect(en.countryName).toBe('Germany');
      expect(en.styles.map((s: { name: string }) => s.name)).toContain(slug('watercolor').name_en);
    });

    it('leaves fields out of the payload as they are, and clears empty ones', async () => {
      const res = await put(`/api/users/${owner.user.id}/profile`, { name: 'Anna M', experience: '', gender: null, workstations: '7', styles: [] }, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name: 'Anna M', experience: null, gender: null, workstations: 7, styles: [], bio: 'Fine line and botanicals in Berlin.', cityId: berlin.id });
    });

    it('takes a city typed under "Other City" as id 0 with its name', async () => {
      const res = await put(`/api/users/${owner.user.id}/profile`, { name: 'Anna M', countryId: germany.id, country: 'Deutschland', cityId: 0, city: 'Kleinkleckersdorf' }, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ cityId: 0, cityName: 'Kleinkleckersdorf', countryId: germany.id });
      const missing = await put(`/api/users/${owner.user.id}/profile`, { name: 'Anna M', countryId: germany.id, cityId: 0, city: '' }, owner);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'cityNameRequired', field: 'city' });
    });

    it('refuses a visitor with 401 and another user with 403', async () => {
      const visitor = await put(`/api/users/${owner.user.id}/profile`, full());
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toBe('Authentication failed. Please log in again before updating your profile.');
      const forbidden = await put(`/api/users/${owner.user.id}/profile`, full(), other, { 'accept-language': 'de' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect((await get(`/api/users/${owner.user.id}/profile`)).json().user.name).toBe('Anna M');
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      ['a missing name', { name: '   ' }, 'nameRequired', 'Bitte gib einen Namen ein.'],
      ['an unknown language', { languages: ['english', 'klingon'] }, 'languageInvalid', 'Bitte wähle Sprachen aus der Liste.'],
      ['an unknown experience', { experience: '20+' }, 'experienceInvalid', 'Bitte wähle deine Erfahrung aus der Liste.'],
      ['an unknown gender', { gender: 'robot' }, 'genderInvalid', 'Bitte wähle ein Geschlecht aus der Liste.'],
      ['51 workstations', { workstations: 51 }, 'workstationsRange', 'Die Anzahl der Arbeitsplätze muss eine ganze Zahl von 0 bis 50 sein.'],
      ['negative workstations', { workstations: '-1' }, 'workstationsRange', 'Die Anzahl der Arbeitsplätze muss eine ganze Zahl von 0 bis 50 sein.'],
      ['fractional workstations', { workstations: 2.5 }, 'workstationsRange', 'Die Anzahl der Arbeitsplätze muss eine ganze Zahl von 0 bis 50 sein.'],
      ['an unknown style', { styles: ['999999'] }, 'styleUnknown', 'Einer der gewählten Stile existiert nicht.'],
      ['a style that is no id', { styles: ['abc'] }, 'styleUnknown', 'Einer der gewählten Stile existiert nicht.'],
      ['an unknown country', { countryId: 999999 }, 'countryUnknown', 'Bitte wähle ein Land aus der Liste.'],
      ['country id 0', { countryId: 0, cityId: 1 }, 'countryUnknown', 'Bitte wähle ein Land aus der Liste.'],
      ['a too long bio', { bio: 'x'.repeat(5001) }, 'tooLong', 'Dieser Text ist zu lang (höchstens 5000 Zeichen).'],
      ['a non-boolean service', { piercings: 'maybe' }, 'validation', 'Bitte überprüfe deine Eingaben.'],
    ])('answers 400 in the request language for %s', async (_, change, code, text) => {
      const res = await put(`/api/users/${owner.user.id}/profile`, { name: 'Anna M', ...change }, owner, { 'accept-language': 'de' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code, error: text });
    });

    it('refuses a city that lies in another country', async () => {
      const res = await put(`/api/users/${owner.user.id}/profile`, { name: 'Anna M', countryId: germany.id, cityId: vienna.id }, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'cityUnknown', field: 'cityId' });
      const body = await put(`/api/users/${owner.user.id}/profile`, 'not json', owner, { 'content-type': 'application/json' });
      expect(body.statusCode).toBe(400);
    });

    it('sets the studio settings of a studio', async () => {
      const res = await put(`/api/users/${studio.user.id}/profile`, { name: 'Studio', workstations: 50, piercings: 'true', tattooRemoval: true, microblading: '0' }, studio);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ workstations: 50, piercings: true, tattooRemoval: true, microblading: false });
    });
  });

  describe('avatar and header', () => {
    const upload = async (user: TestUser | undefined, fields: Record<string, string>, file?: Buffer, targetId = owner.user.id, headers: Record<string, string> = {}) => {
      const body = await multipartBody(fields, file ? { data: file, filename: 'me.png', type: 'image/png' } : undefined);
      return t.app.inject({
        method: 'POST',
        url: `/api/users/${targetId}/upload-image`,
        payload: body.payload,
        headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}), ...headers },
      });
    };
    const storage = () => t.app.ctx.storage;
    const exists = async (url: string) => {
      const key = storage().keyFromUrl(url);
      return key !== null && (await storage().get(key)) !== null;
    };

    it('stores an avatar from a real photo as WebP variants without metadata', async () => {
      const res = await upload(owner, { type: 'avatar', userId: String(owner.user.id) }, await cameraJpeg());
      expect(res.statusCode).toBe(200);
      const { success, imageUrl } = res.json();
      expect(success).toBe(true);
      expect(imageUrl).toMatch(new RegExp(`^/uploads/avatars/${owner.user.id}/[0-9a-f]+-large\\.webp$`));
      const sizes: Record<string, number> = { thumbnail: 96, medium: 256, large: 512 };
      for (const [variant, size] of Object.entries(sizes)) {
        const bytes = await storage().get(storage().keyFromUrl(variantUrl(imageUrl, variant as 'large')) as string);
        const meta = await sharp(bytes as Buffer).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
        expect(meta.exif).toBeUndefined();
        expect((bytes as Buffer).includes(Buffer.from('InkCam'))).toBe(false);
      }
      const served = await t.app.inject({ method: 'GET', url: imageUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
      expect((await get('/api/profile/me', owner)).json().user.avatar).toBe(imageUrl);

      const again = await upload(owner, { type: 'avatar' }, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } }).png().toBuffer());
      expect(again.statusCode).toBe(200);
      expect(await exists(imageUrl)).toBe(false);
      expect(await exists(variantUrl(imageUrl, 'thumbnail'))).toBe(false);
      expect(await exists(again.json().imageUrl)).toBe(true);
    });

    it('stores a header image as a 3:1 crop', async () => {
      const res = await upload(owner, { type: 'header' }, await cameraJpeg(1500, 900));
      expect(res.statusCode).toBe(200);
      const url = res.json().imageUrl as string;
      expect(url).toMatch(/^\/uploads\/headers\//);
      const meta = await sharp((await storage().get(storage().keyFromUrl(url) as string)) as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([1500, 500]);
      expect((await get('/api/profile/me', owner)).json().user.headerImage).toBe(url);
    });

    it('refuses a visitor with 401, another user with 403, and bad forms with 400', async () => {
      const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer();
      const visitor = await upload(undefined, { type: 'avatar' }, png);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toBe('Authentication failed. Please log out and log in again to upload images.');
      expect((await upload(other, { type: 'avatar' }, png)).statusCode).toBe(403);
      const badType = await upload(owner, { type: 'banner' }, png, owner.user.id, { 'accept-language': 'de' });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().code).toBe('imageTypeInvalid');
      const noFile = await upload(owner, { type: 'avatar' });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error).toBe('Please choose an image.');
      expect((await upload(owner, { type: 'avatar', userId: String(other.user.id) }, png)).statusCode).toBe(400);
      const json = await t.app.inject({ method: 'POST', url: `/api/users/${owner.user.id}/upload-image`, payload: { type: 'avatar' }, headers: { cookie: owner.cookie } });
      expect(json.statusCode).toBe(415);
    });

    it('answers 413 over 5 MB and 415 for what is no image, with the texts of the spec', async () => {
      const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
      const tooLarge = await upload(owner, { type: 'avatar' }, big);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().error).toBe('Image is too large. Please select a smaller image (max 5MB).');
      const script = await upload(owner, { type: 'header' }, Buffer.from('#!/bin/sh\necho pwned\n'));
      expect(script.statusCode).toBe(415);
      expect(script.json().error).toBe('Unsupported file type. Please use JPG, PNG, GIF or WebP images.');
    });

    it('deletes the avatar and header with their files, owner only', async () => {
      const profile = (await get('/api/profile/me', owner)).json().user;
      expect(profile.avatar).toBeTruthy();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}/delete-image/avatar` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}/delete-image/avatar`, headers: { cookie: other.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}/delete-image/banner`, headers: { cookie: owner.cookie } })).statusCode).toBe(400);

      for (const [kind, field] of [['avatar', 'avatar'], ['headerImage', 'headerImage']] as const) {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.user.id}/delete-image/${kind}`, headers: { cookie: owner.cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true });
        expect(await exists(profile[field])).toBe(false);
        expect(await exists(variantUrl(profile[field], 'medium'))).toBe(false);
      }
      const after = (await get('/api/profile/me', owner)).json().user;
      expect(after).toMatchObject({ avatar: null, headerImage: null });
    });
  });

  describe('page head', () => {
    const page = (url: string) => t.app.inject({ method: 'GET', url });

    it('writes title, description, og:image and Person JSON-LD for an artist', async () => {
      const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#a33' } }).png().toBuffer();
      const form = await multipartBody({ type: 'avatar' }, { data: png, type: 'image/png' });
      const up = await t.app.inject({ method: 'POST', url: `/api/users/${other.user.id}/upload-image`, payload: form.payload, headers: { ...form.headers, cookie: other.cookie } });
      const avatar = up.json().imageUrl as string;
      await put(
        `/api/users/${other.user.id}/profile`,
        { name: 'Kai <Ink>', bio: 'Blackwork und Ornamentik. '.repeat(20), countryId: germany.id, cityId: berlin.id, instagram: '@kai.ink', website: 'kai.example', styles: [slug('blackwork').id] },
        other,
      );
      const res = await page(`/de/${pathName(other).toLowerCase()}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('<title>Kai &lt;Ink&gt; – Tätowierer:in in Berlin | Tattoo Guest Spots</title>');
      expect(html).toContain(`<meta property="og:image" content="http://localhost:3000${avatar}">`);
      expect(html).toContain('<meta property="og:type" content="profile">');
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/de/${encodeURIComponent(pathName(other))}">`);
      const description = /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '';
      expect(description.startsWith('Blackwork und Ornamentik.')).toBe(true);
      expect([...description].length).toBeLessThanOrEqual(155);
      expect(description.endsWith('…')).toBe(true);
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Kai <Ink>',
        url: `http://localhost:3000/de/${encodeURIComponent(pathName(other))}`,
        image: `http://localhost:3000${avatar}`,
        address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
        sameAs: ['https://kai.example', 'https://instagram.com/kai.ink'],
        knowsAbout: [slug('blackwork').name_de],
      });
      expect(html).not.toContain('<Ink>');
    });

    it('writes TattooParlor JSON-LD and a translated fallback description for a studio without bio', async () => {
      const res = await page(`/${pathName(studio)}`);
      expect(res.statusCode).toBe(200);
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1] ?? '{}');
      expect(ld['@type']).toBe('TattooParlor');
      expect(res.body).toContain('<meta name="description" content="Studio, Tattoo studio: portfolio, styles, guest spots and contact on Tattoo Guest Spots.">');
    });

    it('keeps the head of a logged-in viewer\'s page current after an edit', async () => {
      const shell = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      const url = `/${pathName(other)}`;
      expect((await shell(url)).body).toContain('<title>Kai &lt;Ink&gt;');
      await put(`/api/users/${other.user.id}/profile`, { name: 'Kai Renamed' }, other);
      const after = (await shell(url)).body;
      expect(after).toContain('<title>Kai Renamed');
      expect(after).not.toContain('Kai &lt;Ink&gt;');
    });

    it('answers 404 for unknown, reserved and all-digit names', async () => {
      for (const url of ['/nobody-here-xyz', '/de/nobody-here-xyz', '/settings', '/12345', '/ab', '/a.b.c']) {
        expect((await page(url)).statusCode, url).toBe(404);
      }
    });

    it('serves the own-profile routes and sends /profile/{username} to /{username}', async () => {
      for (const url of ['/profile', '/profile/dashboard', '/profile/me', '/de/profile/me']) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<meta name="robots" content="noindex">');
      }
      const moved = await page(`/profile/${pathName(studio)}?tab=portfolio`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/${pathName(studio)}?tab=portfolio`);
      const german = await page(`/de/profile/${pathName(studio)}`);
      expect(german.headers.location).toBe(`/de/${pathName(studio)}`);
      expect((await page('/profile/admin')).statusCode).toBe(404);
    });
  });
});

describe('profile head helpers', () => {
  it('cuts a description at a word with an ellipsis', () => {
    expect(cutDescription('short  text\n here')).toBe('short text here');
    const cut = cutDescription('word '.repeat(60));
    expect([...cut].length).toBeLessThanOrEqual(155);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
