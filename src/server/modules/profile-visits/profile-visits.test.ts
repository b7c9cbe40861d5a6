import { describe, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio } from '../../test/factories';
import { VISIT_LIMIT } from './service';
import { anonymousVisitorKey, visitorNetwork } from './visitor';

describeEachEngine('profile visits', (engine) => {
  const t = useTestApp(engine);

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

  it('counts an anonymous visitor once a day whatever User-Agent or address in its IPv6 /64 it sends', async () => {
    const owner = await createStudio(t.app);
    const visit = (remoteAddress: string, userAgent: string) =>
      t.app.inject({ method: 'POST', url: '/api/profile-visits', headers: { 'user-agent': userAgent }, remoteAddress, payload: { profileId: owner.user.id } });
    for (let i = 0; i < 20; i++) expect((await visit('10.4.4.4', `Browser/${i}`)).statusCode).toBe(200);
    for (let i = 1; i < 20; i++) await visit(`2001:db8:1:2::${i.toString(16)}`, `Browser/${i}`);
    await visit('2001:db8:1:3::1', 'Browser/1');
    const count = await t.app.inject({ method: 'GET', url: '/api/profile-visits/my-count', headers: { cookie: owner.cookie } });
    expect(count.json().count).toBe(3);
    const keys = await t.app.ctx.db.selectFrom('profile_visits').select('visitor_key').where('profile_id', '=', owner.user.id).execute();
    expect(keys.every((k) => /^a:[0-9a-f]{32}$/.test(k.visitor_key))).toBe(true);
  });

  it('limits visits per address with 429', async () => {
    const owner = await createStudio(t.app);
    const visit = () => t.app.inject({ method: 'POST', url: '/api/profile-visits', remoteAddress: '10.5.5.5', payload: { profileId: owner.user.id } });
    for (let i = 0; i < VISIT_LIMIT.max; i++) expect((await visit()).statusCode).toBe(200);
    const over = await visit();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('visitor keys', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('takes %s as the network %s', (ip, network) => {
    expect(visitorNetwork(ip)).toBe(network);
  });

  it('keys by a keyed hash of the network only', () => {
    expect(anonymousVisitorKey('secret', '2001:db8:1:2::1')).toBe(anonymousVisitorKey('secret', '2001:db8:1:2::ffff'));
    expect(anonymousVisitorKey('secret', '10.1.2.3')).not.toBe(anonymousVisitorKey('other', '10.1.2.3'));
    expect(anonymousVisitorKey('secret', '10.1.2.3')).not.toContain('10.1.2.3');
  });
});
