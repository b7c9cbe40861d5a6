import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createAvailability, createGuestSpot, makeAdmin } from '../../test/listing-factories';
import { callerFor } from '../../test/call-as';
import { usePeople } from '../../test/people';
import { insertReview } from '../safety/testing';

/**
 * An admin may delete or change someone else's review, image or listing from the public pages'
 * own calls too. Each such action writes one audit entry in its transaction; the owner's own
 * writes are not admin actions and write none; a refused call writes none.
 */
describeEachEngine('admin actions outside /api/admin', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  const call = callerFor(t);
  const entries = (type: string, id: number) =>
    t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'admin_id', 'details']).where('target_type', '=', type).where('target_id', '=', String(id)).execute();
  const addImage = async (userId: number) => {
    const at = new Date().toISOString();
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: userId, image_url: '/u/x-large.webp', medium_url: '/u/x-medium.webp', thumbnail_url: '/u/x-thumbnail.webp', width: 10, height: 10, caption: 'Koi', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it('a review: one entry when an admin deletes it, none when its author does or someone else tries', async () => {
    const studio = await createUser(t.app, { userType: 'studio' });
    const byAdmin = await insertReview(t.app, { by: studio.user.id, of: people.artist.user.id, comment: 'Rude' });
    expect((await call('DELETE', `/api/reviews/${byAdmin}`, { as: people.studio })).statusCode).toBe(403);
    expect(await entries('review', byAdmin)).toEqual([]);
    expect((await call('DELETE', `/api/reviews/${byAdmin}`, { as: people.admin })).statusCode).toBeLessThan(300);
    const [entry, ...rest] = await entries('review', byAdmin);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'review.delete', admin_id: people.admin.user.id });
    expect(JSON.parse(String(entry?.details)).before).toMatchObject({ reviewerId: studio.user.id, comment: 'Rude' });

    const own = await insertReview(t.app, { by: people.studio.user.id, of: people.artist.user.id });
    expect((await call('DELETE', `/api/reviews/${own}`, { as: people.studio })).statusCode).toBeLessThan(300);
    expect(await entries('review', own)).toEqual([]);
  });

  it('an image: one entry when an admin deletes it, none for its owner', async () => {
    const image = await addImage(people.artist.user.id);
    expect((await call('DELETE', `/api/gallery/${image}`, { as: people.studio })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/gallery/${image}`, { as: people.admin })).statusCode).toBeLessThan(300);
    expect((await entries('image', image)).map((e) => e.action)).toEqual(['gallery.delete']);
    const own = await addImage(people.artist.user.id);
    expect((await call('DELETE', `/api/gallery/${own}`, { as: people.artist })).statusCode).toBeLessThan(300);
    expect(await entries('image', own)).toEqual([]);
  });

  it('a listing: one entry for each change or deletion by an admin, none for its owner', async () => {
    const spot = await createGuestSpot(t.app, people.studio);
    expect((await call('PUT', `/api/guest-spots/${spot.id}`, { as: people.artist, payload: { title: 'Taken over' } })).statusCode).toBe(403);
    expect((await call('PUT', `/api/guest-spots/${spot.id}`, { as: people.studio, payload: { title: 'Own new title' } })).statusCode).toBe(200);
    expect(await entries('guest_spot', spot.id)).toEqual([]);
    expect((await call('PUT', `/api/guest-spots/${spot.id}`, { as: people.admin, payload: { title: 'Cleaned-up title' } })).statusCode).toBe(200);
    const [update] = await entries('guest_spot', spot.id);
    expect(update?.action).toBe('guest_spot.update');
    expect(JSON.parse(String(update?.details))).toMatchObject({ before: { title: 'Own new title' }, after: { title: 'Cleaned-up title' } });
    expect((await call('DELETE', `/api/guest-spots/${spot.id}`, { as: people.admin })).statusCode).toBeLessThan(300);
    expect((await entries('guest_spot', spot.id)).map((e) => e.action)).toEqual(['guest_spot.update', 'guest_spot.delete']);

    const availability = await createAvailability(t.app, people.artist);
    expect((await call('DELETE', `/api/artist-availability/${availability.id}`, { as: people.artist })).statusCode).toBeLessThan(300);
    expect(await entries('availability', availability.id)).toEqual([]);
    const other = await createAvailability(t.app, people.artist);
    expect((await call('DELETE', `/api/artist-availability/${other.id}`, { as: people.admin })).statusCode).toBeLessThan(300);
    expect((await entries('availability', other.id)).map((e) => e.action)).toEqual(['availability.delete']);
  });
});
