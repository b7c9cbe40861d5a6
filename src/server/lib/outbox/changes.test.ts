import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { createPeerApp, createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import sharp from 'sharp';

// Two processes whose live buses do not reach each other (EVENTS=memory): a broadcast after a
// commit is lost on the way, as it is when the writing process dies right after its commit.
describeEachEngine('cache tags carried by the outbox', (engine) => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp(engine, { EVENTS: 'memory' });
    b = await createPeerApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const events = (kind: string) => a.app.ctx.db.selectFrom('outbox_events').select(['payload', 'delivered_at']).where('kind', '=', kind).orderBy('id').execute();

  it('writes no change when the write fails, and one per gallery, review and forum write', async () => {
    const artist = await createArtist(a.app);
    const studio = await createStudio(a.app);
    const before = (await events('gallery.changed')).length;
    const body = await multipartBody({}, { data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#114477' } }).png().toBuffer(), type: 'image/png', filename: 'work.png' });
    const upload = await a.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: artist.cookie } });
    expect(upload.statusCode).toBe(201);
    expect((await events('gallery.changed')).slice(before).map((e) => JSON.parse(e.payload))).toEqual([{ userId: artist.user.id }]);
    // A refused edit (someone else's image) writes nothing.
    const refused = await call(a.app, 'PUT', `/api/gallery/${upload.json().image.id}`, { as: studio, payload: { caption: 'nope' } });
    expect(refused.statusCode).toBe(403);
    expect((await events('gallery.changed')).length).toBe(before + 1);

    const review = await call(a.app, 'POST', '/api/reviews/simple', { as: studio, payload: { reviewerId: studio.user.id, reviewedId: artist.user.id, rating: 5, comment: 'Sauber gearbeitet' } });
    expect(review.statusCode).toBeLessThan(300);
    expect((await events('reviews.rated')).map((e) => JSON.parse(e.payload))).toContainEqual({ userId: artist.user.id });
  });

  // Several processes share a database on PostgreSQL only (SQLite is one process by design).
  if (engine === 'postgres') {
    it('writes a listing change in the write, and a process that missed the broadcast clears its answer on delivery', async () => {
      const studio = await createStudio(a.app);
      const spot = await createGuestSpot(a.app, studio, { title: 'Vorher' });
      const title = async () => ((await b.inject({ method: 'GET', url: `/api/guest-spots/by-slug/${spot.slug}` })).json() as GuestSpot).title;
      await a.app.ctx.outbox.drain();
      expect(await title()).toBe('Vorher');
      // The writer delivers nothing from here on, as if it died right after its commit.
      await a.app.ctx.outbox.close();

      expect((await call(a.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { title: 'Nachher' } })).statusCode).toBe(200);
      const written = await events('guest-spots.changed');
      expect(written.map((e) => JSON.parse(e.payload))).toContainEqual({ id: spot.id, ownerId: studio.user.id });
      // The other process still answers from its cache: nothing told it yet.
      expect(await title()).toBe('Vorher');
      // Its outbox worker takes the event and clears the answer.
      await b.ctx.outbox.drain();
      expect(await title()).toBe('Nachher');
      expect((await events('guest-spots.changed')).every((e) => e.delivered_at !== null)).toBe(true);
    });
  }

});
