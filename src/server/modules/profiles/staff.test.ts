import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createUsers, type TestUser } from '../../test/factories';
import { call, makeAdmin } from '../../test/listing-factories';
import { givePicture } from '../../test/pictures';

// An admin is staff: whatever account type it was created with, it has no public profile, is in
// no public list, and cannot be reviewed or messaged (nor review anyone) as an artist or studio.
describeEachEngine('an admin has no public profile', (engine) => {
  let t: TestApp;
  let admin: TestUser;
  let artist: TestUser;
  let studio: TestUser;
  const path = (user: TestUser) => `/${user.user.username.replace(/ +/g, '-')}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const [a, b, c] = await createUsers(t.app, 'artist', 'artist', 'studio');
    admin = await makeAdmin(t.app, a);
    artist = b;
    studio = c;
    for (const user of [admin, artist, studio]) await givePicture(t.app, user);
    await t.app.ctx.db
      .updateTable('users')
      .set({ featured_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', 'in', [admin.user.id, artist.user.id])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 for the profile through the API and as a page, in every language prefix', async () => {
    for (const as of [null, artist]) {
      expect((await call(t.app, 'GET', `/api/profile/${encodeURIComponent(admin.user.username)}`, { as })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/users/${admin.user.id}/profile`, { as })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/users/${admin.user.id}`, { as })).statusCode).toBe(404);
      for (const prefix of ['', '/de', '/fr']) expect((await call(t.app, 'GET', `${prefix}${path(admin)}`, { as })).statusCode, prefix).toBe(404);
    }
    // The admin's own account still loads for them.
    const own = await call(t.app, 'GET', '/api/profile/me', { as: admin });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.id).toBe(admin.user.id);
    // An ordinary profile beside it is unaffected.
    expect((await call(t.app, 'GET', path(artist))).statusCode).toBe(200);
  });

  it('leaves the admin out of the artist list and the featured artists, even with featured days', async () => {
    const listed = (await call(t.app, 'GET', '/api/artists?limit=50')).json().items.map((a: { id: number }) => a.id);
    expect(listed).toContain(artist.user.id);
    expect(listed).not.toContain(admin.user.id);
    const featured = (await call(t.app, 'GET', '/api/featured/artists?limit=12')).json().artists.map((a: { id: number }) => a.id);
    expect(featured).toContain(artist.user.id);
    expect(featured).not.toContain(admin.user.id);
  });

  it('refuses reviews of an admin (404: no such profile) and reviews by an admin (403), in the request language', async () => {
    expect((await call(t.app, 'GET', `/api/reviews/user/${admin.user.id}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/reviews/check/${admin.user.id}`, { as: studio })).statusCode).toBe(404);
    const toAdmin = await call(t.app, 'POST', '/api/reviews/simple', { as: studio, payload: { reviewerId: studio.user.id, reviewedId: admin.user.id, rating: 5 } });
    expect(toAdmin.statusCode).toBe(404);

    const byAdmin = await call(t.app, 'POST', '/api/reviews/simple', { as: admin, lang: 'de', payload: { reviewerId: admin.user.id, reviewedId: studio.user.id, rating: 5 } });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ code: 'reviewStaff', error: 'Team-Konten schreiben keine Bewertungen.' });
    const check = await call(t.app, 'GET', `/api/reviews/check/${studio.user.id}`, { as: admin });
    expect(check.json()).toMatchObject({ canReview: false, reason: 'staff' });
    const count = await t.app.ctx.db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n')).where('reviewed_id', 'in', [admin.user.id, studio.user.id]).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses messages to an admin with a clear 403 and stores nothing; a visitor gets 401', async () => {
    const res = await call(t.app, 'POST', '/api/messages', { as: artist, lang: 'de', payload: { recipient_id: admin.user.id, content: 'Hallo, bist du frei im Mai?' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'messageStaff' });
    expect(res.json().error).toContain('Kontaktformular');
    expect((await call(t.app, 'POST', '/api/messages', { payload: { recipient_id: admin.user.id, content: 'Hallo?' } })).statusCode).toBe(401);
    const stored = await t.app.ctx.db.selectFrom('messages').select('id').where('receiver_id', '=', admin.user.id).execute();
    expect(stored).toEqual([]);
    // Messages between ordinary users still go through.
    expect((await call(t.app, 'POST', '/api/messages', { as: artist, payload: { recipient_id: studio.user.id, content: 'Hello there' } })).statusCode).toBe(201);
  });
});
