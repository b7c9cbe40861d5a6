import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createGuestSpot, makeAdmin } from '../../test/listing-factories';
import { callerFor } from '../../test/call-as';
import { usePeople } from '../../test/people';

/** A listing moderation hid: its owner sees it with the reason and may delete it; nobody else sees it at all. */
describeEachEngine('a listing hidden by moderation', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', studio: 'studio', other: 'studio', artist: 'artist' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  const call = callerFor(t);

  it('answers its owner with the reason, others never, and the owner may delete it', async () => {
    const spot = await createGuestSpot(t.app, people.studio);
    expect((await call('POST', '/api/reports', { as: people.artist, payload: { targetType: 'guest_spot', targetId: spot.id, reason: 'fake' } })).statusCode).toBe(201);
    const resolved = await call('POST', '/api/admin/reports/resolve', { as: people.admin, payload: { targetType: 'guest_spot', targetId: spot.id, action: 'hide', reason: 'Fake studio address' } });
    expect(resolved.statusCode).toBe(200);

    const own = await call('GET', `/api/guest-spots/${spot.id}`, { as: people.studio });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ isActive: false, hiddenReason: 'Fake studio address' });
    const ownList = (await call('GET', `/api/guest-spots?studioId=${people.studio.user.id}`, { as: people.studio })).json() as { id: number; hiddenReason?: string }[];
    expect(ownList.find((s) => s.id === spot.id)?.hiddenReason).toBe('Fake studio address');

    for (const viewer of [null, people.other, people.artist]) {
      expect((await call('GET', `/api/guest-spots/${spot.id}`, { as: viewer })).statusCode).toBe(404);
      const list = await call('GET', `/api/guest-spots?studioId=${people.studio.user.id}`, { as: viewer });
      expect(JSON.stringify(list.json())).not.toContain('Fake studio address');
    }
    expect(JSON.stringify((await call('GET', '/api/guest-spots')).json())).not.toContain('Fake studio address');

    expect((await call('DELETE', `/api/guest-spots/${spot.id}`, { as: people.studio })).statusCode).toBeLessThan(300);
    expect((await call('GET', `/api/guest-spots/${spot.id}`, { as: people.studio })).statusCode).toBe(404);
  });
});
