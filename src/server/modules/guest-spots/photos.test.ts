import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { GUEST_SPOT_PHOTOS_MAX, type CardImage } from '../../../common/schemas/card-images';
import type { GuestSpotDetail } from '../../../common/schemas/guest-spot-photos';
import { VARIANT_NAMES, variantUrl } from '../../lib/images/index';
import { describeEachEngine } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import { useListingWorld } from '../listings/testing';

const jpeg = (background: string, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer();

async function upload(app: FastifyInstance, spotId: number | string, as: TestUser | null, file?: Buffer, lang = 'en') {
  const body = await multipartBody({}, file ? { data: file, type: 'image/jpeg', filename: 'room.jpg' } : undefined);
  return app.inject({
    method: 'POST',
    url: `/api/guest-spots/${spotId}/photos`,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang, ...(as ? { cookie: as.cookie } : {}) },
  });
}

describeEachEngine('guest spot photos', (engine) => {
  const w = useListingWorld(engine);
  let red: Buffer;
  let blue: Buffer;

  /** Whether every variant of a stored photo is on disk. */
  const onDisk = (photo: CardImage) =>
    VARIANT_NAMES.every((name) => existsSync(path.join(w.t.config.dataDir, variantUrl(photo.largeUrl, name).replace(/^\//, ''))));
  const noVariantOnDisk = (photo: CardImage) =>
    VARIANT_NAMES.every((name) => !existsSync(path.join(w.t.config.dataDir, variantUrl(photo.largeUrl, name).replace(/^\//, ''))));

  async function uploadOk(spotId: number, file: Buffer): Promise<{ photo: CardImage; photos: CardImage[] }> {
    const res = await upload(w.t.app, spotId, w.studio, file);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('lets the studio upload, list, reorder and delete its spot photos, and the detail answers carry them in order', async () => {
    red ??= await jpeg('#aa2222', 640, 480);
    blue ??= await jpeg('#2222aa', 300, 500);
    const spot = await createGuestSpot(w.t.app, w.studio);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`)).json()).toEqual({ success: true, photos: [] });

    const first = await uploadOk(spot.id, red);
    expect(first).toMatchObject({ success: true, photo: { id: expect.any(Number), width: 640, height: 480 } });
    expect(first.photo.largeUrl).toMatch(new RegExp(`^/uploads/guest-spots/${spot.id}/[0-9a-f]+-large\\.webp$`));
    expect(first.photo.mediumUrl).toBe(variantUrl(first.photo.largeUrl, 'medium'));
    expect(first.photo.thumbnailUrl).toBe(variantUrl(first.photo.largeUrl, 'thumbnail'));
    expect(onDisk(first.photo)).toBe(true);
    const second = await uploadOk(spot.id, blue);
    expect(second.photos.map((p) => p.id)).toEqual([first.photo.id, second.photo.id]);
    expect(second.photo).toMatchObject({ width: 300, height: 500 });

    const listed = await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`);
    expect(listed.json()).toEqual({ success: true, photos: second.photos });
    // The detail answers (by id, by slug, with the slug in the id's place) carry them in order.
    for (const url of [`/api/guest-spots/${spot.id}`, `/api/guest-spots/by-slug/${spot.slug}`, `/api/guest-spots/${spot.slug}`]) {
      expect(((await call(w.t.app, 'GET', url)).json() as GuestSpotDetail).photos, url).toEqual(second.photos);
    }

    const reordered = await call(w.t.app, 'PUT', `/api/guest-spots/${spot.id}/photos/order`, { as: w.studio, payload: { ids: [second.photo.id, first.photo.id] } });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().photos.map((p: CardImage) => p.id)).toEqual([second.photo.id, first.photo.id]);
    // A cached detail answer is cleared by the change.
    const bySlug = (await call(w.t.app, 'GET', `/api/guest-spots/by-slug/${spot.slug}`)).json() as GuestSpotDetail;
    expect(bySlug.photos.map((p) => p.id)).toEqual([second.photo.id, first.photo.id]);

    const removed = await call(w.t.app, 'DELETE', `/api/guest-spots/${spot.id}/photos/${second.photo.id}`, { as: w.studio });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, photos: [first.photo] });
    expect(noVariantOnDisk(second.photo)).toBe(true);
    expect(onDisk(first.photo)).toBe(true);
    expect(((await call(w.t.app, 'GET', `/api/guest-spots/by-slug/${spot.slug}`)).json() as GuestSpotDetail).photos).toEqual([first.photo]);
    const again = await call(w.t.app, 'DELETE', `/api/guest-spots/${spot.id}/photos/${second.photo.id}`, { as: w.studio, lang: 'de' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'guestSpotPhotoNotFound', error: 'Dieses Foto gibt es nicht (mehr).' });
  });

  it('answers 401 to visitors, 403 to another user, 404 for an unknown spot and 400 for a bad id or file', async () => {
    red ??= await jpeg('#aa2222', 640, 480);
    const spot = await createGuestSpot(w.t.app, w.studio);
    const { photo } = await uploadOk(spot.id, red);
    const base = `/api/guest-spots/${spot.id}/photos`;

    expect((await upload(w.t.app, spot.id, null, red)).statusCode).toBe(401);
    for (const other of [w.otherStudio, w.artist]) {
      const res = await upload(w.t.app, spot.id, other, red);
      expect(res.statusCode).toBe(403);
      expect((await call(w.t.app, 'PUT', `${base}/order`, { as: other, payload: { ids: [photo.id] } })).statusCode).toBe(403);
      expect((await call(w.t.app, 'DELETE', `${base}/${photo.id}`, { as: other })).statusCode).toBe(403);
    }
    // Upload and order are the studio's own; an admin moderates by deleting only.
    expect((await upload(w.t.app, spot.id, w.admin, red)).statusCode).toBe(403);
    expect((await call(w.t.app, 'PUT', `${base}/order`, { payload: { ids: [photo.id] } })).statusCode).toBe(401);
    expect((await call(w.t.app, 'DELETE', `${base}/${photo.id}`)).statusCode).toBe(401);

    const unknown = await upload(w.t.app, 999_999, w.studio, red, 'de');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'guestSpotNotFound', error: 'Dieser Gastplatz wurde nicht gefunden.' });
    expect((await call(w.t.app, 'GET', '/api/guest-spots/999999/photos')).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', '/api/guest-spots/abc/photos')).statusCode).toBe(400);
    expect((await upload(w.t.app, 'abc', w.studio, red)).statusCode).toBe(400);
    expect((await call(w.t.app, 'DELETE', `${base}/abc`, { as: w.studio })).statusCode).toBe(400);
    expect((await call(w.t.app, 'DELETE', `${base}/999999`, { as: w.studio })).statusCode).toBe(404);

    const notAnImage = await upload(w.t.app, spot.id, w.studio, Buffer.from('GIF89a but not really an image'));
    expect(notAnImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notAnImage.statusCode).toBeLessThan(500);
    expect(notAnImage.json().code).toBe('galleryImageInvalidFormat');
    const noFile = await upload(w.t.app, spot.id, w.studio);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('imageRequired');

    // The order must be exactly the spot's photos.
    for (const ids of [[], [photo.id, photo.id], [photo.id, 999_999], ['x']]) {
      const res = await call(w.t.app, 'PUT', `${base}/order`, { as: w.studio, payload: { ids }, lang: 'fr' });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().code).toBe('guestSpotPhotoOrderInvalid');
    }
    const other = await createGuestSpot(w.t.app, w.studio);
    const foreign = await uploadOk(other.id, red);
    const mixed = await call(w.t.app, 'PUT', `${base}/order`, { as: w.studio, payload: { ids: [foreign.photo.id] } });
    expect(mixed.statusCode).toBe(400);

    // An admin may delete a photo of anyone's spot.
    expect((await call(w.t.app, 'DELETE', `/api/guest-spots/${other.id}/photos/${foreign.photo.id}`, { as: w.admin })).statusCode).toBe(200);
    expect(noVariantOnDisk(foreign.photo)).toBe(true);
    // A photo named under another spot is not found there.
    expect((await call(w.t.app, 'DELETE', `/api/guest-spots/${other.id}/photos/${photo.id}`, { as: w.studio })).statusCode).toBe(404);
  });

  it('hides an inactive spot\'s photos from everyone but its studio and admins', async () => {
    red ??= await jpeg('#aa2222', 640, 480);
    const spot = await createGuestSpot(w.t.app, w.studio, { isActive: false });
    await uploadOk(spot.id, red);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`, { as: w.artist })).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`, { as: w.studio })).json().photos).toHaveLength(1);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`, { as: w.admin })).json().photos).toHaveLength(1);
  });

  it(`refuses the ${GUEST_SPOT_PHOTOS_MAX + 1}th photo and leaves no file of it`, async () => {
    red ??= await jpeg('#aa2222', 640, 480);
    const spot = await createGuestSpot(w.t.app, w.studio);
    for (let i = 0; i < GUEST_SPOT_PHOTOS_MAX; i++) await uploadOk(spot.id, red);
    const refused = await upload(w.t.app, spot.id, w.studio, red, 'de');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'guestSpotPhotosFull', error: 'Dieser Gastplatz hat schon 6 Fotos. Bitte lösche zuerst eins.' });
    const rows = await w.t.app.ctx.db.selectFrom('guest_spot_photos').select(['position']).where('guest_spot_id', '=', spot.id).execute();
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('deletes the photo files with the spot, and with the account', async () => {
    red ??= await jpeg('#aa2222', 640, 480);
    const spot = await createGuestSpot(w.t.app, w.studio);
    const { photos } = await uploadOk(spot.id, red).then(() => uploadOk(spot.id, red));
    expect(photos).toHaveLength(2);
    const gone = await call(w.t.app, 'DELETE', `/api/guest-spots/${spot.id}`, { as: w.studio });
    expect(gone.statusCode).toBe(200);
    for (const photo of photos) expect(noVariantOnDisk(photo)).toBe(true);
    expect(await w.t.app.ctx.db.selectFrom('guest_spot_photos').select('id').where('guest_spot_id', '=', spot.id).execute()).toEqual([]);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}/photos`)).statusCode).toBe(404);

    const kept = await createGuestSpot(w.t.app, w.otherStudio);
    const body = await multipartBody({}, { data: red, type: 'image/jpeg', filename: 'a.jpg' });
    const res = await w.t.app.inject({ method: 'POST', url: `/api/guest-spots/${kept.id}/photos`, payload: body.payload, headers: { ...body.headers, cookie: w.otherStudio.cookie } });
    expect(res.statusCode).toBe(201);
    const photo = res.json().photo as CardImage;
    expect(onDisk(photo)).toBe(true);
    const deleted = await w.t.app.inject({
      method: 'DELETE',
      url: '/api/profile/account',
      headers: { cookie: w.otherStudio.cookie },
      payload: { password: w.otherStudio.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(noVariantOnDisk(photo)).toBe(true);
  });
});
