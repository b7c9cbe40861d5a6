import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../common/schemas/messages';
import { NOTIFICATIONS_PAGE, type AppNotification } from '../../../common/schemas/notifications';
import { describeEachEngine, useTestApp } from '../../test/app';
import { callerFor } from '../../test/call-as';
import { createUser, type TestUser } from '../../test/factories';
import { usePeople } from '../../test/people';
import { titleOf } from './titles';

describe('notification titles', () => {
  it('are written in the reader’s language from the params, never naming anyone', () => {
    const params = JSON.stringify({ action: 'hide', targetType: 'image' });
    expect(titleOf('en', 'report_resolved', params)).toBe('Your report about an image: we hid the content.');
    expect(titleOf('de', 'report_resolved', params)).toBe('Deine Meldung zu einem Bild: Wir haben den Inhalt ausgeblendet.');
  });

  it('fall back to a plain title for a row this version cannot read', () => {
    expect(titleOf('en', 'kind_from_a_later_version', '{}')).toBe('You have a new notification.');
    expect(titleOf('de', 'report_resolved', 'not json')).toBe('Du hast eine neue Benachrichtigung.');
  });
});

describeEachEngine('in-app notifications', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { reader: 'artist', other: 'studio' });
  const call = callerFor(t);

  /** Writes `count` notifications to `user` in one transaction, as another module would, and announces them after the commit. */
  async function notifyMany(user: TestUser, count: number, action: 'dismiss' | 'remove' = 'dismiss') {
    const { notify } = t.app.services.notifications;
    const announcements = await t.app.ctx.db.transaction().execute(async (trx) => {
      const all = [];
      for (let i = 0; i < count; i++) all.push(await notify(trx, { userId: user.user.id, kind: 'report_resolved', params: { action, targetType: 'message' }, url: '/dashboard' }));
      return all;
    });
    for (const announce of announcements) await announce();
  }
  const list = async (as: TestUser, query = '', lang = 'en') => {
    const res = await call('GET', `/api/notifications${query}`, { as, lang });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { notifications: AppNotification[]; unread: number; nextCursor: string | null };
  };
  const read = (as: TestUser | null, payload: object, lang = 'en') => call('PUT', '/api/notifications/read', { as, payload, lang });

  it('answers a visitor 401 in the request’s language', async () => {
    const get = await call('GET', '/api/notifications', { lang: 'de' });
    expect(get.statusCode).toBe(401);
    expect(get.json().success).toBe(false);
    const put = await read(null, { all: true }, 'de');
    expect(put.statusCode).toBe(401);
    expect(put.json().error).toBe('Bitte melde dich zuerst an.');
  });

  it('lists newest first, 20 a page, with the unread count and titles in the request’s language', async () => {
    const me = await createUser(t.app);
    expect(await list(me)).toEqual({ success: true, notifications: [], unread: 0, nextCursor: null });
    await notifyMany(me, NOTIFICATIONS_PAGE * 2 + 5);

    const first = await list(me);
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE);
    expect(first.unread).toBe(NOTIFICATIONS_PAGE * 2 + 5);
    expect(first.notifications[0]).toMatchObject({ kind: 'report_resolved', url: '/dashboard', readAt: null, title: 'Your report about a message: we found no breach of our rules.' });
    const ids = first.notifications.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = await list(me, `?cursor=${first.nextCursor}`);
    const third = await list(me, `?cursor=${second.nextCursor}`);
    expect(second.notifications).toHaveLength(NOTIFICATIONS_PAGE);
    expect(third.notifications).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const all = [...first.notifications, ...second.notifications, ...third.notifications].map((n) => n.id);
    expect(new Set(all).size).toBe(NOTIFICATIONS_PAGE * 2 + 5);
    expect(Math.max(...second.notifications.map((n) => n.id))).toBeLessThan(Math.min(...ids));

    // The same rows read in German after a language switch.
    const german = await list(me, '', 'de');
    expect(german.notifications[0]?.title).toBe('Deine Meldung zu einer Nachricht: Wir haben keinen Verstoß gegen unsere Regeln gefunden.');
  });

  it('marks some of one’s own read, ignores others’ ids without a word, then all', async () => {
    const me = await createUser(t.app);
    await notifyMany(me, 3);
    await notifyMany(people.other, 2);
    const mine = (await list(me)).notifications.map((n) => n.id);
    const theirs = (await list(people.other)).notifications.map((n) => n.id);

    const res = await read(me, { ids: [mine[0], ...theirs, 2_000_000_000] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, updated: 1, unread: 2 });
    const after = await list(me);
    expect(after.notifications.find((n) => n.id === mine[0])?.readAt).toEqual(expect.any(String));
    expect(after.notifications.filter((n) => n.readAt === null)).toHaveLength(2);
    // Someone else's ids answer exactly like unknown ones, and stay unread.
    expect((await read(me, { ids: theirs })).json()).toEqual({ success: true, updated: 0, unread: 2 });
    const other = await list(people.other);
    expect(other.unread).toBe(2);
    expect(other.notifications.every((n) => n.readAt === null)).toBe(true);

    // A read one keeps its first read time.
    const firstReadAt = after.notifications.find((n) => n.id === mine[0])?.readAt;
    expect((await read(me, { all: true })).json()).toEqual({ success: true, updated: 2, unread: 0 });
    expect((await list(me)).notifications.find((n) => n.id === mine[0])?.readAt).toBe(firstReadAt);
    expect((await read(me, { all: true })).json()).toEqual({ success: true, updated: 0, unread: 0 });
    expect((await list(people.other)).unread).toBe(2);
  });

  it('answers bad input 400 in the request’s language', async () => {
    const me = people.reader;
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const payload of [{}, { ids: [] }, { ids }, { ids: [0] }, { ids: ['1'] }, { ids: [1.5] }, { all: false }, { all: 'true' }, { ids: [1], all: true }, { every: true }, []]) {
      const res = await read(me, payload, 'de');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe('Sende die IDs von 1 bis 100 deiner Benachrichtigungen oder all: true.');
    }
    for (const cursor of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      const res = await call('GET', `/api/notifications?cursor=${cursor}`, { as: me, lang: 'de' });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toBe('Dieser Seitenlink ist nicht mehr gültig. Bitte lade die Liste neu.');
    }
    expect((await call('GET', '/api/notifications?cursor=', { as: me })).statusCode).toBe(200);
  });

  it('pushes a new notice to the reader’s streams only after the commit, and a rolled-back one never', async () => {
    const me = await createUser(t.app);
    const heard: LiveEvent[] = [];
    const stop = t.app.ctx.events.subscribe(me.user.id, (event) => heard.push(event));
    try {
      const { notify } = t.app.services.notifications;
      await expect(
        t.app.ctx.db.transaction().execute(async (trx) => {
          await notify(trx, { userId: me.user.id, kind: 'report_resolved', params: { action: 'remove', targetType: 'review' }, url: '/dashboard' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await list(me)).unread).toBe(0);

      const announce = await t.app.ctx.db.transaction().execute((trx) => notify(trx, { userId: me.user.id, kind: 'report_resolved', params: { action: 'remove', targetType: 'review' }, url: '/dashboard' }));
      expect(heard).toEqual([]);
      await announce();
      const [created] = (await list(me)).notifications;
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard).toEqual([{ type: 'notification.created', id: created?.id, unread: 1 }]);

      await read(me, { all: true });
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      expect(heard[1]).toEqual({ type: 'notifications.read', unread: 0 });
    } finally {
      stop();
    }
  });

  it('refuses params its kind does not define', async () => {
    const { notify } = t.app.services.notifications;
    const bad = { userId: people.reader.user.id, kind: 'report_resolved', params: { action: 'dismiss', targetType: 'image', admin: 'someone' }, url: '/dashboard' } as const;
    // Unknown keys are dropped, so nothing but the outcome and the target's kind is ever stored.
    const announce = await t.app.ctx.db.transaction().execute((trx) => notify(trx, bad));
    await announce();
    const row = await t.app.ctx.db.selectFrom('notifications').select('params').where('user_id', '=', people.reader.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(row.params)).toEqual({ action: 'dismiss', targetType: 'image' });
    await expect(t.app.ctx.db.transaction().execute((trx) => notify(trx, { ...bad, params: { action: 'ban', targetType: 'image' } as never }))).rejects.toThrow();
  });

  // PostgreSQL is the case that matters (row locks; SQLite takes one writer at a time), but the same holds on both.
  it('takes 50 parallel "mark all as read" calls without an error, leaving none unread', async () => {
    const me = await createUser(t.app);
    await notifyMany(me, 30);
    const answers = await Promise.all(Array.from({ length: 50 }, () => read(me, { all: true })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(answers.reduce((sum, a) => sum + (a.json() as { updated: number }).updated, 0)).toBe(30);
    expect(answers.every((a) => a.json().unread === 0)).toBe(true);
    expect((await list(me)).unread).toBe(0);
  });
});
