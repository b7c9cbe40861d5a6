import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { GUEST_SPOT_PHOTOS_MAX } from '../../../common/schemas/card-images';
import { VARIANT_NAMES, variantUrl } from '../../lib/images/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createStudio } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';

const PARALLEL = 50;

describeEachEngine('parallel guest spot photo uploads', (engine) => {
  const t = useTestApp(engine);

  const statusCounts = (responses: LightMyRequestResponse[]) => {
    const counts: Record<number, number> = {};
    for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  };

  /** A new studio's spot, and a request that uploads one JPEG of this size and colour to it. */
  async function spotUpload(size: { width: number; height: number }, background: string) {
    const studio = await createStudio(t.app);
    const spot = await createGuestSpot(t.app, studio);
    const image = await sharp({ create: { ...size, channels: 3, background } }).jpeg().toBuffer();
    const body = await multipartBody({}, { data: image, type: 'image/jpeg', filename: 'room.jpg' });
    const send = () =>
      t.app.inject({ method: 'POST', url: `/api/guest-spots/${spot.id}/photos`, payload: body.payload, headers: { ...body.headers, cookie: studio.cookie } });
    return { studio, spot, send };
  }

  it(`keeps ${PARALLEL} parallel uploads to one spot at ${GUEST_SPOT_PHOTOS_MAX} photos with distinct positions and no orphan files`, async () => {
    const { spot, send } = await spotUpload({ width: 400, height: 300 }, '#336699');
    const responses = await Promise.all(Array.from({ length: PARALLEL }, send));
    const counts = statusCounts(responses);
    // 201 taken, 400 full, 429 over the upload rate, 503 the image queue is busy.
    expect(Object.keys(counts).every((s) => ['201', '400', '429', '503'].includes(s)), JSON.stringify(counts)).toBe(true);
    for (const res of responses.filter((r) => r.statusCode === 400)) expect(res.json().code).toBe('guestSpotPhotosFull');
    expect(counts[201]).toBeLessThanOrEqual(GUEST_SPOT_PHOTOS_MAX);

    const rows = await t.app.ctx.db.selectFrom('guest_spot_photos').select(['image_url', 'position']).where('guest_spot_id', '=', spot.id).execute();
    expect(rows).toHaveLength(counts[201] ?? 0);
    if (!counts[503]) expect(rows).toHaveLength(GUEST_SPOT_PHOTOS_MAX);
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);

    const dir = path.join(t.config.dataDir, 'uploads', 'guest-spots', String(spot.id));
    const files = (await readdir(dir).catch(() => [] as string[])).map((name) => `/uploads/guest-spots/${spot.id}/${name}`).sort();
    expect(files).toEqual(rows.flatMap((r) => VARIANT_NAMES.map((name) => variantUrl(r.image_url, name))).sort());

  });

  it('leaves no file behind when a spot is deleted while photos are being uploaded to it', async () => {
    const { studio, spot, send } = await spotUpload({ width: 1600, height: 1200 }, '#993366');
    const racing = Promise.all(Array.from({ length: 4 }, send));
    const deleted = await call(t.app, 'DELETE', `/api/guest-spots/${spot.id}`, { as: studio });
    expect(deleted.statusCode).toBe(200);
    const counts = statusCounts(await racing);
    expect(Object.keys(counts).every((s) => ['201', '404', '503'].includes(s)), JSON.stringify(counts)).toBe(true);
    const dir = path.join(t.config.dataDir, 'uploads', 'guest-spots', String(spot.id));
    expect(await readdir(dir).catch(() => [] as string[])).toEqual([]);
  });
});
