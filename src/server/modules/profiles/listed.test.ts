import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createUsers, type TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import { givePicture } from '../../test/pictures';

const png = () => sharp({ create: { width: 320, height: 320, channels: 3, background: '#335577' } }).png().toBuffer();

describeEachEngine('profiles in lists need a picture', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const feature = (users: TestUser[]) =>
    t.app.ctx.db
      .updateTable('users')
      .set({ featured_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', 'in', users.map((u) => u.user.id))
      .execute();
  const artistIds = async () => ((await call(t.app, 'GET', '/api/artists?limit=50')).json() as { items: { id: number }[] }).items.map((a) => a.id);
  const featuredIds = async (type: 'artists' | 'studios') =>
    ((await call(t.app, 'GET', `/api/featured/${type}?limit=12`)).json() as Record<string, { id: number }[]>)[type]!.map((u) => u.id);
  const post = async (user: TestUser, url: string, fields: Record<string, string>) => {
    const body = await multipartBody(fields, { data: await png(), filename: 'me.png', type: 'image/png' });
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  };

  it('keeps a new profile out of the artist list and the featured lists; its own page works', async () => {
    const [bare, withAvatar, withWork, bareStudio, studio] = await createUsers(t.app, 'artist', 'artist', 'artist', 'studio', 'studio');
    await givePicture(t.app, withAvatar, 'avatar');
    await givePicture(t.app, withWork, 'work');
    await givePicture(t.app, studio, 'avatar');
    await feature([bare, withAvatar, withWork, bareStudio, studio]);

    const listed = await artistIds();
    expect(listed).toEqual(expect.arrayContaining([withAvatar.user.id, withWork.user.id]));
    expect(listed).not.toContain(bare.user.id);
    expect((await call(t.app, 'GET', '/api/artists?limit=50')).json().total).toBe(2);
    expect(await featuredIds('artists')).toEqual(expect.arrayContaining([withAvatar.user.id, withWork.user.id]));
    expect(await featuredIds('artists')).not.toContain(bare.user.id);
    expect(await featuredIds('studios')).toEqual([studio.user.id]);

    const own = await call(t.app, 'GET', `/api/profile/${bare.user.username}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ id: bare.user.id, avatar: null, bio: null });
  });

  it('lists a profile as soon as its first avatar or portfolio image is uploaded, despite the cached lists', async () => {
    const [byAvatar, byWork, studio] = await createUsers(t.app, 'artist', 'artist', 'studio');
    await feature([byAvatar, byWork, studio]);
    // Read first, so the lists are cached without them.
    expect(await artistIds()).not.toContain(byAvatar.user.id);
    expect(await featuredIds('artists')).not.toContain(byWork.user.id);
    expect(await featuredIds('studios')).not.toContain(studio.user.id);

    expect((await post(byAvatar, `/api/users/${byAvatar.user.id}/upload-image`, { type: 'avatar' })).statusCode).toBe(200);
    expect((await post(byWork, '/api/gallery', {})).statusCode).toBe(201);
    expect((await post(studio, `/api/users/${studio.user.id}/upload-image`, { type: 'avatar' })).statusCode).toBe(200);
    expect(await artistIds()).toEqual(expect.arrayContaining([byAvatar.user.id, byWork.user.id]));
    expect(await featuredIds('artists')).toEqual(expect.arrayContaining([byAvatar.user.id, byWork.user.id]));
    expect(await featuredIds('studios')).toContain(studio.user.id);

    // Without its only picture the profile leaves the lists again.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${byAvatar.user.id}/delete-image/avatar`, headers: { cookie: byAvatar.cookie } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await artistIds()).not.toContain(byAvatar.user.id);
    expect(await featuredIds('artists')).not.toContain(byAvatar.user.id);
  });
});
