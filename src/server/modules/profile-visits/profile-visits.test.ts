import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio } from '../../test/factories';

describeEachEngine('profile visits', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a visit by anyone but the owner, once a day per visitor', async () => {
    const owner = await createStudio(t.app);
    const other = await createArtist(t.app);
    const visit = (headers: Record<string, string> = {}, remoteAddress = '10.1.1.1') =>
      t.app.inject({ method: 'POST', url: '/api/profile-visits', headers, remoteAddress, payload: { profileId: owner.user.id } });
    const count = async () => (await t.app.inject({ method: 'GET', url: '/api/profile-visits/my-count', headers: { cookie: owner.cookie } })).json();

    expect(await count()).toEqual({ success: true, count: 0 });
    expect((await visit({ cookie: owner.cookie })).json().counted).toBe(false);
    expect((await visit({ cookie: other.cookie })).statusCode).toBe(200);
    await visit({ cookie: other.cookie });
    await visit({}, '10.2.2.2');
    await visit({}, '10.2.2.2');
    await visit({}, '10.3.3.3');
    expect((await count()).count).toBe(3);
  });

  it('refuses bad input and unknown profiles, and the count needs a login', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/profile-visits', payload: { profileId: 'abc' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile-visits', payload: { profileId: 999999 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile-visits/my-count' })).statusCode).toBe(401);
  });
});
