import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '../../lib/images/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { decodeCursor, encodeCursor } from './service';

const IMAGE_KEYS = [
  'can', 'caption', 'createdAt', 'description', 'height', 'id', 'imagePath', 'imageUrl', 'largeUrl', 'mediumUrl', 'position',
  'styles', 'thumbnailUrl', 'title', 'userId', 'width',
].sort();
const OWNER_KEYS = ['avatar', 'cityName', 'countryCode', 'id', 'name', 'userType', 'username'].sort();

interface Image {
  id: number;
  userId: number;
  imageUrl: string;
  mediumUrl: string;
  thumbnailUrl: string;
  caption: string | null;
  position: number;
  createdAt: string;
  styles: { id: number; name: string }[];
}

function png(width = 64, height = 48, background = '#884422') {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

describeEachEngine('gallery', (engine) => {
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let styles: { id: number; slug: string; name_de: string; name_en: string }[];

  const t = useTestApp(engine, async () => {
    [owner, other, admin] = [await createArtist(t.app), await createStudio(t.app), await createArtist(t.app)];
    await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
    styles = await t.app.ctx.db.selectFrom('styles').select(['id', 'slug', 'name_de', 'name_en']).execute();
  });

  const style = (slug: string) => styles.find((s) => s.slug === slug) as { id: number; name_de: string; name_en: string };
  const storage = () => t.app.ctx.storage;
  const exists = async (url: string) => {
    const key = storage().keyFromUrl(url);
    return key !== null && (await storage().get(key)) !== null;
  };
  const upload = async (
    user: TestUser | undefined,
    fields: Record<string, string | number | Array<string | number>>,
    file: Buffer | null,
    headers: Record<string, string> = {},
    type = 'image/jpeg',
  ) => {
    const body = await multipartBody(fields, file ? { data: file, type, filename: 'tattoo.jpg' } : undefined);
    return t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}), ...headers } });
  };
  const uploadOk = async (user: TestUser, fields: Record<string, string | number | Array<string | number>> = {}, file?: Buffer): Promise<Image> => {
    const res = await upload(user, fields, file ?? (await png()));
    if (res.statusCode !== 201) throw new Error(`upload ${res.statusCode}: ${res.body}`);
    return res.json().image;
  };
  const send = (method: 'PUT' | 'DELETE' | 'GET', url: string, user?: TestUser, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });

  describe('upload', () => {
    it('stores a real photo as WebP variants without metadata and answers the image entity', async () => {
      const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#225588' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'InkCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' } })
        .toBuffer();
      const res = await upload(owner, { caption: '  Fresh rose  ', styleIds: [style('watercolor').id, String(style('blackwork').id)] }, photo, { 'accept-language': 'de' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.success).toBe(true);
      const image = body.image;
      expect(Object.keys(image).sort()).toEqual(IMAGE_KEYS);
      expect(image).toMatchObject({
        userId: owner.user.id,
        caption: 'Fresh rose',
        title: 'Fresh rose',
        description: 'Fresh rose',
        position: 0,
        width: 1600,
        height: 1200,
      });
      expect(image.imagePath).toBe(image.imageUrl);
      expect(image.largeUrl).toBe(image.imageUrl);
      expect(image.imageUrl).toMatch(new RegExp(`^/uploads/gallery/${owner.user.id}/[0-9a-f]+-large\\.webp$`));
      expect(image.mediumUrl).toBe(variantUrl(image.imageUrl, 'medium'));
      expect(image.styles).toEqual(
        [
          { id: style('watercolor').id, name: style('watercolor').name_de },
          { id: style('blackwork').id, name: style('blackwork').name_de },
        ].sort((a, b) => new Intl.Collator('de').compare(a.name, b.name)),
      );
      const expected: Record<string, [number, number]> = { thumbnailUrl: [400, 300], mediumUrl: [800, 600], largeUrl: [1600, 1200] };
      for (const [field, [w, h]] of Object.entries(expected)) {
        const bytes = (await storage().get(storage().keyFromUrl(image[field]) as string)) as Buffer;
        const meta = await sharp(bytes).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: w, height: h });
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('InkCam'))).toBe(false);
      }
    });

    it('puts new work first, moving the others one place back, and takes styleIds[] too', async () => {
      const before = (await send('GET', `/api/users/${owner.user.id}/profile`)).json().user.galleryImages as Image[];
      const second = await uploadOk(owner, { 'styleIds[]': [style('dotwork').id] });
      expect(second.position).toBe(0);
      expect(second.caption).toBeNull();
      expect(second.styles.map((s) => s.id)).toEqual([style('dotwork').id]);
      const after = (await send('GET', `/api/users/${owner.user.id}/profile`)).json().user.galleryImages as Image[];
      expect(after.map((i) => [i.id, i.position])).toEqual([[second.id, 0], ...before.map((i, n) => [i.id, n + 1])]);
    });

    it('refuses a visitor with 401 and bad uploads with the texts of the spec', async () => {
      const visitor = await upload(undefined, {}, await png());
      expect(visitor.statusCode).toBe(401);

      const long = await upload(owner, { caption: 'ä'.repeat(251) }, await png());
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'captionTooLong', error: 'Caption is too long (251/250 characters).', field: 'caption' });
      const longDe = await upload(owner, { caption: 'x'.repeat(300) }, await png(), { 'accept-language': 'de' });
      expect(longDe.json().error).toBe('Die Bildunterschrift ist zu lang (300/250 Zeichen).');
      // 250 characters of astral symbols are 500 UTF-16 units and still allowed.
      expect((await upload(owner, { caption: '🌹'.repeat(250) }, await png())).statusCode).toBe(201);

      const unknownStyle = await upload(owner, { styleIds: [999999] }, await png());
      expect(unknownStyle.statusCode).toBe(400);
      expect(unknownStyle.json().code).toBe('styleUnknown');
      expect((await upload(owner, { styleIds: ['abc'] }, await png())).statusCode).toBe(400);

      const noFile = await upload(owner, { caption: 'x' }, null);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toMatchObject({ code: 'imageRequired', error: 'Please choose an image.' });

      const gif = await upload(owner, {}, await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer(), { 'accept-language': 'de' }, 'image/png');
      expect(gif.statusCode).toBe(415);
      expect(gif.json().error).toBe('Bitte wähle ein Bild im JPEG, PNG oder WebP Format.');
      const script = await upload(owner, {}, Buffer.from('<?php system($_GET["c"]); ?>'));
      expect(script.statusCode).toBe(415);
      expect(script.json().error).toBe('Please choose an image in JPEG, PNG or WebP format.');

      const json = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: { caption: 'x' }, headers: { cookie: owner.cookie } });
      expect(json.statusCode).toBe(415);
    });

    it('answers 413 over 10 MB without buffering the rest, and accepts 6 MB', async () => {
      const huge = await upload(owner, {}, Buffer.alloc(10 * 1024 * 1024 + 100, 0xff), { 'accept-language': 'de' });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ success: false, code: 'galleryImageTooLarge' });
      expect((await upload(owner, {}, Buffer.alloc(10 * 1024 * 1024 + 100, 0xff))).json().error).toBe('The image is too large (max 10 MB).');
      // Above the JSON body limit of 1 MB and the 5 MB of profile images: still a valid gallery upload.
      const noise = await sharp(Buffer.alloc(1400 * 1400 * 3).map(() => Math.floor(Math.random() * 256)), { raw: { width: 1400, height: 1400, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
      expect((await upload(owner, {}, noise, {}, 'image/png')).statusCode).toBe(201);
    });
  });

  describe('one image', () => {
    it('answers an image with its owner, and 404 for an unknown one', async () => {
      const image = await uploadOk(owner, { caption: 'Koi', styleIds: [style('japanese').id] });
      const res = await send('GET', `/api/gallery/image/${image.id}`, undefined, undefined, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(Object.keys(body.image).sort()).toEqual(IMAGE_KEYS);
      expect(body.image).toMatchObject({ id: image.id, caption: 'Koi', styles: [{ id: style('japanese').id, name: style('japanese').name_en }] });
      expect(Object.keys(body.user).sort()).toEqual(OWNER_KEYS);
      expect(res.body).not.toContain(owner.email);

      const missing = await send('GET', '/api/gallery/image/999999', undefined, undefined, { 'accept-language': 'de' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, error: 'Dieses Bild gibt es nicht (mehr).' });
      expect((await send('GET', '/api/gallery/image/abc')).statusCode).toBe(400);
    });

    it('lets only the owner edit caption and styles', async () => {
      const image = await uploadOk(owner, { caption: 'Before', styleIds: [style('japanese').id] });
      const url = `/api/gallery/${image.id}`;
      expect((await send('PUT', url, undefined, { caption: 'x' })).statusCode).toBe(401);
      expect((await send('PUT', url, other, { caption: 'x' })).statusCode).toBe(403);
      expect((await send('PUT', url, admin, { caption: 'x' })).statusCode).toBe(403);
      expect((await send('PUT', '/api/gallery/999999', owner, { caption: 'x' })).statusCode).toBe(404);

      const res = await send('PUT', url, owner, { caption: 'After', styleIds: [String(style('realism').id), style('dotwork').id] }, { 'accept-language': 'de' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, image: { id: image.id, caption: 'After', title: 'After' } });
      expect(res.json().image.styles.map((s: { id: number }) => s.id).sort()).toEqual([style('realism').id, style('dotwork').id].sort());

      const captionOnly = await send('PUT', url, owner, { caption: '' });
      expect(captionOnly.json().image).toMatchObject({ caption: null });
      expect(captionOnly.json().image.styles).toHaveLength(2);

      const long = await send('PUT', url, owner, { caption: 'y'.repeat(251) }, { 'accept-language': 'es' });
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toBe('La descripción es demasiado larga (251/250 caracteres).');
      expect((await send('PUT', url, owner, { styleIds: [999999] })).statusCode).toBe(400);
      expect((await send('PUT', url, owner, { caption: 42 })).statusCode).toBe(400);
    });

    it('lets the owner or an admin delete an image with its files', async () => {
      const mine = await uploadOk(owner);
      const url = `/api/gallery/${mine.id}`;
      expect((await send('DELETE', url)).statusCode).toBe(401);
      expect((await send('DELETE', url, other)).statusCode).toBe(403);
      expect(await exists(mine.imageUrl)).toBe(true);
      const res = await send('DELETE', url, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      for (const u of [mine.imageUrl, mine.mediumUrl, mine.thumbnailUrl]) expect(await exists(u)).toBe(false);
      expect((await send('GET', `/api/gallery/image/${mine.id}`)).statusCode).toBe(404);
      expect((await send('DELETE', url, owner)).statusCode).toBe(404);

      const moderated = await uploadOk(other);
      expect((await send('DELETE', `/api/gallery/${moderated.id}`, admin)).statusCode).toBe(200);
      expect(await exists(moderated.imageUrl)).toBe(false);
    });
    it('tells each viewer what they may do with an image, as the policy decides', async () => {
      const image = await uploadOk(owner);
      const canOf = async (viewer?: TestUser) => (await send('GET', `/api/gallery/image/${image.id}`, viewer)).json().image.can;
      expect(image).toMatchObject({ can: { edit: true, delete: true } });
      expect(await canOf()).toEqual({ edit: false, delete: false });
      expect(await canOf(owner)).toEqual({ edit: true, delete: true });
      expect(await canOf(other)).toEqual({ edit: false, delete: false });
      // Admins moderate: they may delete, not edit.
      expect(await canOf(admin)).toEqual({ edit: false, delete: true });
      const profile = await send('GET', `/api/users/${owner.user.id}/profile`, admin);
      expect(profile.json().user.galleryImages.find((i: Image) => i.id === image.id).can).toEqual({ edit: false, delete: true });
      const page = await send('GET', '/api/gallery?limit=60', owner);
      expect(page.json().images.find((i: Image) => i.id === image.id).can).toEqual({ edit: true, delete: true });
    });
  });

  describe('order', () => {
    it('lets the owner reorder their images, and the profile follows', async () => {
      const user = await createArtist(t.app);
      const [a, b, c] = [await uploadOk(user), await uploadOk(user), await uploadOk(user)];
      const profileOrder = async () =>
        ((await send('GET', `/api/users/${user.user.id}/profile`)).json().user.galleryImages as Image[]).map((i) => i.id);
      // New work first.
      expect(await profileOrder()).toEqual([c.id, b.id, a.id]);

      const res = await send('PUT', '/api/gallery/order', user, { ids: [a.id, c.id, b.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().images.map((i: Image) => [i.id, i.position])).toEqual([[a.id, 0], [c.id, 1], [b.id, 2]]);
      expect(await profileOrder()).toEqual([a.id, c.id, b.id]);

      // Left-out images keep their order after the listed ones.
      await send('PUT', '/api/gallery/order', user, { ids: [b.id] });
      expect(await profileOrder()).toEqual([b.id, a.id, c.id]);

      // An upload after a reorder still goes first and keeps the chosen order behind it.
      const d = await uploadOk(user);
      expect(await profileOrder()).toEqual([d.id, b.id, a.id, c.id]);
    });

    it('refuses foreign, duplicate and malformed ids, and visitors', async () => {
      const user = await createArtist(t.app);
      const mine = await uploadOk(user);
      const foreign = await uploadOk(other);
      expect((await send('PUT', '/api/gallery/order', undefined, { ids: [mine.id] })).statusCode).toBe(401);
      const stolen = await send('PUT', '/api/gallery/order', user, { ids: [mine.id, foreign.id] }, { 'accept-language': 'de' });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().error).toBe('Die neue Reihenfolge darf nur deine eigenen Bilder enthalten, jedes einmal.');
      expect((await send('PUT', '/api/gallery/order', user, { ids: [mine.id, mine.id] })).statusCode).toBe(400);
      expect((await send('PUT', '/api/gallery/order', user, { ids: [] })).statusCode).toBe(400);
      expect((await send('PUT', '/api/gallery/order', user, { ids: 'x' })).statusCode).toBe(400);
      const untouched = await send('GET', `/api/gallery/image/${foreign.id}`);
      expect(untouched.json().image.position).toBe(foreign.position);
    });
  });

  describe('public gallery', () => {
    let iceland: { id: number; code: string };
    let reykjavik: { id: number; name: string };
    let artist: TestUser;
    let studio: TestUser;
    let uploaded: Image[];

    beforeAll(async () => {
      const db = t.app.ctx.db;
      iceland = await db.selectFrom('countries').select(['id', 'code']).where('code', '=', 'IS').executeTakeFirstOrThrow();
      reykjavik = await db.selectFrom('cities').select(['id', 'name']).where('country_id', '=', iceland.id).orderBy('population', 'desc').executeTakeFirstOrThrow();
      artist = await createArtist(t.app);
      studio = await createStudio(t.app);
      await send('PUT', `/api/users/${artist.user.id}/profile`, artist, { name: 'Ice Artist', countryId: iceland.id, cityId: reykjavik.id });
      await send('PUT', `/api/users/${studio.user.id}/profile`, studio, { name: 'Ice Studio', countryId: iceland.id, cityId: 0, city: 'Vík' });
      uploaded = [];
      for (let i = 0; i < 7; i++) {
        const who = i % 2 ? studio : artist;
        uploaded.push(await uploadOk(who, { caption: `ice ${i}`, styleIds: i % 3 === 0 ? [style('celtic').id] : [] }, await png(40 + i, 30)));
      }
      // Three images uploaded in the same millisecond: the id has to keep the order stable.
      const same = '2030-01-01T00:00:00.000Z';
      await db.updateTable('gallery_images').set({ created_at: same }).where('id', 'in', uploaded.slice(2, 5).map((u) => u.id)).execute();
    });

    const list = async (query: string, headers: Record<string, string> = {}) => {
      const res = await send('GET', `/api/gallery${query}`, undefined, undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { success: boolean; images: (Image & { user: Record<string, unknown> })[]; nextCursor: string | null };
    };

    it('lists images newest first with their owners, and pages by cursor without gaps or repeats', async () => {
      const page = await list('?country=IS');
      expect(page.success).toBe(true);
      expect(page.nextCursor).toBeNull();
      expect(page.images).toHaveLength(7);
      const first = page.images[0] as Image & { user: Record<string, unknown> };
      expect(Object.keys(first).sort()).toEqual([...IMAGE_KEYS, 'user'].sort());
      expect(Object.keys(first.user).sort()).toEqual(OWNER_KEYS);
      const keys = page.images.map((i) => [i.createdAt, i.id] as const);
      const sorted = [...keys].sort((x, y) => (x[0] < y[0] ? 1 : x[0] > y[0] ? -1 : y[1] - x[1]));
      expect(keys).toEqual(sorted);
      expect(JSON.stringify(page)).not.toMatch(/email|password/i);

      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const next = await list(`?country=is&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(next.images.length).toBeLessThanOrEqual(2);
        seen.push(...next.images.map((i) => i.id));
        cursor = next.nextCursor;
        if (cursor) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(4);
      expect(seen).toEqual(page.images.map((i) => i.id));
    });

    it('filters by style (id or slug), country (code or id) and city (id or name)', async () => {
      const celtic = uploaded.filter((_, i) => i % 3 === 0).map((u) => u.id).sort();
      expect((await list(`?style=${style('celtic').id}&country=IS`)).images.map((i) => i.id).sort()).toEqual(celtic);
      expect((await list('?style=celtic&country=IS')).images.map((i) => i.id).sort()).toEqual(celtic);
      expect((await list('?style=no-such-style')).images).toEqual([]);
      expect((await list(`?country=${iceland.id}`)).images).toHaveLength(7);
      const inCity = await list(`?city=${reykjavik.id}`);
      expect(inCity.images.map((i) => i.userId)).toEqual(Array(4).fill(artist.user.id));
      expect(inCity.images[0]?.user).toMatchObject({ id: artist.user.id, cityName: reykjavik.name, countryCode: 'IS', userType: 'artist', name: 'Ice Artist' });
      const byName = await list(`?city=${encodeURIComponent('Vík')}`);
      expect(byName.images.map((i) => i.userId)).toEqual(Array(3).fill(studio.user.id));
      expect((await list('?country=IS&limit=60')).images).toHaveLength(7);
    });

    it('refuses bad filters, limits and cursors with 400 in the request language', async () => {
      for (const query of ['?limit=0', '?limit=61', '?limit=abc', '?country=ISL', '?style=Bad Style', '?cursor=***', `?cursor=${Buffer.from('["x",1]').toString('base64url')}`, '?cursor=abc']) {
        const res = await send('GET', `/api/gallery${query}`, undefined, undefined, { 'accept-language': 'pt' });
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      }
      const cursor = await send('GET', '/api/gallery?cursor=abc', undefined, undefined, { 'accept-language': 'de' });
      expect(cursor.json().error).toBe('Dieser Seitenlink ist nicht mehr gültig. Bitte lade die Liste neu.');
    });
  });

  it('deletes the gallery files with the account', async () => {
    const leaving = await createArtist(t.app);
    const image = await uploadOk(leaving);
    expect(await exists(image.imageUrl)).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile/account', headers: { cookie: leaving.cookie }, payload: { password: leaving.password } });
    expect(res.statusCode).toBe(200);
    for (const u of [image.imageUrl, image.mediumUrl, image.thumbnailUrl]) expect(await exists(u)).toBe(false);
    const rows = await t.app.ctx.db.selectFrom('gallery_images').select('id').where('user_id', '=', leaving.user.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('gallery cursor', () => {
  it('round-trips and refuses anything else', () => {
    const cursor = { createdAt: '2026-01-02T03:04:05.678Z', id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'abc', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["2026-01-01",-1]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow();
    }
  });
});
