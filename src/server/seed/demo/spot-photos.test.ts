import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { VARIANT_NAMES, variantUrl } from '../../lib/images/index';
import { createStorage } from '../../lib/storage/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createStudio } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import { seedDemoSpotPhotos } from './spot-photos';

const DOMAIN = 'demo-photos.test';

describeEachEngine('demo guest spot photos', (engine) => {
  const t = useTestApp(engine);

  it("gives every active demo spot one to three copies of its studio's portfolio pictures, once", async () => {
    const studio = await createStudio(t.app);
    await t.app.ctx.db.updateTable('users').set({ email_key: `nadelwerk@${DOMAIN}` }).where('id', '=', studio.user.id).execute();
    for (const color of ['#aa3344', '#3344aa']) {
      const image = await sharp({ create: { width: 500, height: 400, channels: 3, background: color } }).png().toBuffer();
      const body = await multipartBody({}, { data: image, type: 'image/png', filename: 'flash.png' });
      const res = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: studio.cookie } });
      expect(res.statusCode).toBe(201);
    }
    const spots = [];
    for (let i = 0; i < 5; i++) spots.push(await createGuestSpot(t.app, studio, { title: `Spot ${i}` }));

    const storage = createStorage(t.config);
    const count = await seedDemoSpotPhotos(t.app.ctx.db, storage, DOMAIN);
    // One, two, three, one, two pictures in turn, at most the studio's two.
    expect(count).toBe(8);
    const photos = await Promise.all(spots.map(async (s) => (await call(t.app, 'GET', `/api/guest-spots/${s.id}/photos`)).json().photos as { largeUrl: string }[]));
    expect(photos.map((p) => p.length)).toEqual([1, 2, 2, 1, 2]);
    const gallery = await t.app.ctx.db.selectFrom('gallery_images').select('image_url').execute();
    for (const photo of photos.flat()) {
      expect(photo.largeUrl).toMatch(/^\/uploads\/guest-spots\/\d+\//);
      expect(gallery.map((g) => g.image_url)).not.toContain(photo.largeUrl);
      for (const name of VARIANT_NAMES) expect(existsSync(path.join(t.config.dataDir, variantUrl(photo.largeUrl, name)))).toBe(true);
    }
    expect(await seedDemoSpotPhotos(t.app.ctx.db, storage, DOMAIN)).toBe(0);

    // A spot's photo is its own copy: deleting it leaves the portfolio's files.
    const [first] = photos[0] as [{ largeUrl: string; id?: number }];
    const id = (await call(t.app, 'GET', `/api/guest-spots/${spots[0]!.id}/photos`)).json().photos[0].id as number;
    expect((await call(t.app, 'DELETE', `/api/guest-spots/${spots[0]!.id}/photos/${id}`, { as: studio })).statusCode).toBe(200);
    expect(existsSync(path.join(t.config.dataDir, first.largeUrl))).toBe(false);
    for (const g of gallery) expect(existsSync(path.join(t.config.dataDir, g.image_url))).toBe(true);
  });
});
