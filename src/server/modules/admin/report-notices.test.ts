import { beforeAll, expect, it } from 'vitest';
import { profilePathTo } from '../../../common/routes';
import type { AppNotification } from '../../../common/schemas/notifications';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { callerFor } from '../../test/call-as';
import { createUser, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { insertMessage } from '../safety/testing';

describeEachEngine('the reporters’ notices of a resolved report', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  const call = callerFor(t);
  const report = (as: TestUser, targetType: string, targetId: number) => call('POST', '/api/reports', { as, payload: { targetType, targetId, reason: 'spam' } });
  const resolve = (payload: object) => call('POST', '/api/admin/reports/resolve', { as: people.admin, payload });
  const bell = async (as: TestUser, lang = 'en') => (await call('GET', '/api/notifications', { as, lang })).json() as { notifications: AppNotification[]; unread: number };

  async function addImage(owner: TestUser): Promise<number> {
    const at = new Date().toISOString();
    const stem = `/uploads/gallery/${owner.user.id}/n${Math.random().toString(36).slice(2)}`;
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: owner.user.id, image_url: `${stem}-large.webp`, medium_url: `${stem}-medium.webp`, thumbnail_url: `${stem}-thumbnail.webp`, width: 800, height: 800, caption: 'Snake', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('gives each reporter exactly one notice, the owner and the acting admin none, never naming the admin', async () => {
    const owner = await createUser(t.app);
    const reporters = [await createUser(t.app), await createUser(t.app)];
    const image = await addImage(owner);
    for (const r of [...reporters, people.admin]) expect((await report(r, 'image', image)).statusCode).toBe(201);
    const adminBefore = (await bell(people.admin)).notifications.length;

    // A refused resolution writes no notice.
    expect((await resolve({ targetType: 'image', targetId: image, action: 'hide', reason: '' })).statusCode).toBe(400);
    for (const r of reporters) expect((await bell(r)).unread).toBe(0);

    expect((await resolve({ targetType: 'image', targetId: image, action: 'hide', reason: 'Copied from @someone' })).statusCode).toBe(200);
    for (const r of reporters) {
      const { notifications, unread } = await bell(r);
      expect(unread).toBe(1);
      expect(notifications).toHaveLength(1);
      // Hidden now, so the notice leads to the reporter's own dashboard.
      expect(notifications[0]).toMatchObject({ kind: 'report_resolved', url: '/dashboard', title: 'Your report about an image: we hid the content.', readAt: null });
      const german = (await bell(r, 'de')).notifications[0]?.title ?? '';
      expect(german).toBe('Deine Meldung zu einem Bild: Wir haben den Inhalt ausgeblendet.');
      for (const text of [notifications[0]?.title ?? '', german]) {
        for (const secret of [people.admin.user.username, people.admin.user.name, 'Copied from']) expect(text).not.toContain(secret);
      }
    }
    expect((await bell(owner)).notifications).toHaveLength(0);
    expect((await bell(people.admin)).notifications).toHaveLength(adminBefore);
    const stored = await t.app.ctx.db.selectFrom('notifications').select(['user_id', 'params']).where('kind', '=', 'report_resolved').execute();
    const forImage = stored.filter((row) => reporters.some((r) => r.user.id === row.user_id));
    expect(forImage.map((row) => JSON.parse(row.params))).toEqual([
      { action: 'hide', targetType: 'image' },
      { action: 'hide', targetType: 'image' },
    ]);
  });

  it('links to what the resolution left up: the profile, or the conversation of a message', async () => {
    const reporter = await createUser(t.app);
    const target = await createUser(t.app);
    await report(reporter, 'user', target.user.id);
    await resolve({ targetType: 'user', targetId: target.user.id, action: 'dismiss', reason: 'Nothing wrong' });
    expect((await bell(reporter)).notifications[0]).toMatchObject({ url: profilePathTo(target.user.username), title: 'Your report about a profile: we found no breach of our rules.' });

    const artist = await createUser(t.app);
    const image = await addImage(artist);
    await report(reporter, 'image', image);
    await resolve({ targetType: 'image', targetId: image, action: 'warn_owner', reason: 'Please credit the artist' });
    expect((await bell(reporter)).notifications[0]?.url).toBe(profilePathTo(artist.user.username));

    const sender = await createUser(t.app);
    const message = await insertMessage(t.app, { from: sender.user.id, to: reporter.user.id, content: 'Buy followers now' });
    await report(reporter, 'message', message);
    await resolve({ targetType: 'message', targetId: message, action: 'remove', reason: 'Spam' });
    const { notifications, unread } = await bell(reporter);
    expect(notifications[0]).toMatchObject({ url: `/messages/${sender.user.id}`, title: 'Your report about a message: we removed the content.' });
    expect(unread).toBe(3);
  });

  it('leads to the dashboard once the owner is suspended', async () => {
    const reporter = await createUser(t.app);
    const target = await createUser(t.app);
    await report(reporter, 'user', target.user.id);
    expect((await resolve({ targetType: 'user', targetId: target.user.id, action: 'suspend_owner', reason: 'Fake account' })).statusCode).toBe(200);
    expect((await bell(reporter)).notifications).toEqual([expect.objectContaining({ url: '/dashboard', title: 'Your report about a profile: we suspended the account responsible.' })]);
    // The suspension ended the owner's sessions, so their bell is read from the table.
    expect(await t.app.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', target.user.id).execute()).toEqual([]);
  });
});
