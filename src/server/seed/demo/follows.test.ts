import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio } from '../../test/factories';
import { call } from '../../test/listing-factories';
import { seedDemoFollows } from './follows';

const DOMAIN = 'follows.demo.test';

describeEachEngine('the demo follows', (engine) => {
  const t = useTestApp(engine);

  it('fill Lena’s Following feed and her followers list, once, and keep her mail choice on later starts', async () => {
    const lena = await createArtist(t.app, { email: `lena@${DOMAIN}` });
    const studio = await createStudio(t.app, { email: `studio@${DOMAIN}` });
    const jonas = await createArtist(t.app, { email: `jonas.weber@${DOMAIN}` });
    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: jonas.user.id, image_url: '/uploads/x-large.webp', medium_url: '/uploads/x-medium.webp', thumbnail_url: '/uploads/x-thumb.webp', width: 1200, height: 1500, caption: 'Ornament', created_at: now, updated_at: now })
      .execute();
    await seedDemoFollows(t.app.ctx.db, DOMAIN);

    expect((await call(t.app, 'GET', '/api/follows', { as: lena })).json().users.map((u: { id: number }) => u.id).sort()).toEqual([studio.user.id, jonas.user.id].sort());
    expect((await call(t.app, 'GET', '/api/followers', { as: lena })).json().users.map((u: { id: number }) => u.id).sort()).toEqual([studio.user.id, jonas.user.id].sort());
    expect((await call(t.app, 'GET', '/api/follows/feed', { as: lena })).json().items.map((i: { title: string }) => i.title)).toEqual(['Ornament']);
    expect((await call(t.app, 'GET', '/api/follows/preferences', { as: lena })).json()).toEqual({ weeklyMail: true });

    await call(t.app, 'PUT', '/api/follows/preferences', { as: lena, payload: { weeklyMail: false } });
    await seedDemoFollows(t.app.ctx.db, DOMAIN);
    expect((await call(t.app, 'GET', '/api/follows/preferences', { as: lena })).json()).toEqual({ weeklyMail: false });
    expect((await call(t.app, 'GET', '/api/follows', { as: lena })).json().users).toHaveLength(2);
  });
});
