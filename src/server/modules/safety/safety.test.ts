import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, insertBareUsers, type TestUser } from '../../test/factories';
import { BLOCKS_PAGE_SIZE, REPORT_LIMIT } from './service';
import { insertMessage, insertReview } from './testing';

describeEachEngine('blocks', (engine) => {
  const t = useTestApp(engine);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as?: TestUser) =>
    t.app.inject({ method, url, headers: as ? { cookie: as.cookie } : {} });
  const blockRows = (blocker: number) => t.app.ctx.db.selectFrom('blocks').selectAll().where('blocker_id', '=', blocker).execute();

  it('blocks and unblocks another user, repeats changing nothing, and lists the blocked newest first', async () => {
    const me = await createArtist(t.app);
    const studio = await createStudio(t.app);
    const artist = await createArtist(t.app);

    const first = await call('POST', `/api/users/${studio.user.id}/block`, me);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, blocked: true });
    expect((await call('POST', `/api/users/${studio.user.id}/block`, me)).json()).toEqual({ success: true, blocked: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('POST', `/api/users/${artist.user.id}/block`, me);
    expect(await blockRows(me.user.id)).toHaveLength(2);

    const list = await call('GET', '/api/blocks', me);
    expect(list.statusCode).toBe(200);
    const { blocks, nextCursor } = list.json();
    expect(nextCursor).toBeNull();
    expect(blocks.map((b: { id: number }) => b.id)).toEqual([artist.user.id, studio.user.id]);
    expect(Object.keys(blocks[0]).sort()).toEqual(['avatar', 'createdAt', 'id', 'name', 'username']);
    expect(blocks[1]).toMatchObject({ id: studio.user.id, username: studio.user.username, name: studio.user.name, avatar: null });

    const lifted = await call('DELETE', `/api/users/${studio.user.id}/block`, me);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ success: true, blocked: false });
    expect((await call('DELETE', `/api/users/${studio.user.id}/block`, me)).json()).toEqual({ success: true, blocked: false });
    expect((await call('GET', '/api/blocks', me)).json().blocks.map((b: { id: number }) => b.id)).toEqual([artist.user.id]);
  });

  it('touches only the caller’s own blocks: another user can neither see nor lift them, a visitor gets 401', async () => {
    const owner = await createArtist(t.app);
    const other = await createStudio(t.app);
    const target = await createArtist(t.app);
    await call('POST', `/api/users/${target.user.id}/block`, owner);

    expect((await call('GET', '/api/blocks', other)).json().blocks).toEqual([]);
    expect((await call('DELETE', `/api/users/${target.user.id}/block`, other)).json().blocked).toBe(false);
    expect(await blockRows(owner.user.id)).toHaveLength(1);

    for (const [method, url] of [['POST', `/api/users/${target.user.id}/block`], ['DELETE', `/api/users/${target.user.id}/block`], ['GET', '/api/blocks']] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error).toBe('Please log in first.');
    }
    expect(await blockRows(owner.user.id)).toHaveLength(1);
  });

  it('refuses oneself, unknown users and malformed ids', async () => {
    const me = await createArtist(t.app);
    const self = await call('POST', `/api/users/${me.user.id}/block`, me);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ success: false, code: 'blockSelf', error: 'You can’t block yourself.' });
    expect((await call('DELETE', `/api/users/${me.user.id}/block`, me)).statusCode).toBe(400);
    const unknown = await call('POST', '/api/users/999999/block', me);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('userNotFound');
    expect((await call('DELETE', '/api/users/999999/block', me)).statusCode).toBe(404);
    expect((await call('POST', '/api/users/99999999999/block', me)).statusCode).toBe(404);
    expect((await call('POST', '/api/users/abc/block', me)).statusCode).toBe(400);
    expect((await call('GET', '/api/blocks?cursor=nonsense', me)).statusCode).toBe(400);
    const german = await t.app.inject({ method: 'POST', url: `/api/users/${me.user.id}/block`, headers: { cookie: me.cookie, 'x-language': 'de' } });
    expect(german.json().error).toBe('Du kannst dich nicht selbst blockieren.');
  });

  it('pages the list by cursor', async () => {
    const me = await createStudio(t.app);
    const tag = `${engine}${Date.now().toString(36)}`;
    const count = BLOCKS_PAGE_SIZE + 5;
    await insertBareUsers(
      t.app,
      Array.from({ length: count }, (_, i) => ({ username: `blk ${tag} ${i}`, usernameKey: `blk-${tag}-${i}`, email: `blk${tag}${i}@example.test`, name: `Blocked ${i}`, type: 'artist' as const })),
    );
    const ids = (await t.app.ctx.db.selectFrom('users').select('id').where('username_key', 'like', `blk-${tag}-%`).execute()).map((r) => r.id);
    // Several blocks share one timestamp: the cursor must still step over each exactly once.
    const base = Date.now();
    await t.app.ctx.db
      .insertInto('blocks')
      .values(ids.map((id, i) => ({ blocker_id: me.user.id, blocked_id: id, created_at: new Date(base - Math.floor(i / 3) * 1000).toISOString() })))
      .execute();
    const first = (await call('GET', '/api/blocks', me)).json();
    expect(first.blocks).toHaveLength(BLOCKS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await call('GET', `/api/blocks?cursor=${encodeURIComponent(first.nextCursor)}`, me)).json();
    expect(second.blocks).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.blocks, ...second.blocks].map((b: { id: number }) => b.id);
    expect(new Set(seen).size).toBe(count);
    expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('stores one block for 50 parallel requests', async () => {
    const me = await createArtist(t.app);
    const target = await createStudio(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('POST', `/api/users/${target.user.id}/block`, me)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(await blockRows(me.user.id)).toHaveLength(1);
  });

  it('tells the blocker’s open tabs their unread count without the blocked thread, and again after unblocking', async () => {
    const me = await createStudio(t.app);
    const sender = await createArtist(t.app);
    const sent = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: sender.cookie }, payload: { recipient_id: me.user.id, content: 'Hallo!' } });
    expect(sent.statusCode).toBe(201);
    const counts: number[] = [];
    const stop = t.app.ctx.events.subscribe(me.user.id, (event) => {
      if (event.type === 'unread.count') counts.push(event.count);
    });
    try {
      await call('POST', `/api/users/${sender.user.id}/block`, me);
      await expect.poll(() => counts).toEqual([0]);
      await call('POST', `/api/users/${sender.user.id}/block`, me);
      await call('DELETE', `/api/users/${sender.user.id}/block`, me);
      await expect.poll(() => counts).toEqual([0, 1]);
    } finally {
      stop();
    }
  });

  it('works both ways: neither side can message the other', async () => {
    const blocker = await createArtist(t.app);
    const blocked = await createStudio(t.app);
    await call('POST', `/api/users/${blocked.user.id}/block`, blocker);
    for (const [from, to] of [[blocker, blocked], [blocked, blocker]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: from.cookie }, payload: { recipient_id: to.user.id, content: 'Hallo?' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('You can’t message this user.');
    }
  });
});

describeEachEngine('reports', (engine) => {
  const t = useTestApp(engine);
  const report = (as: TestUser | null, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/reports', headers: as ? { cookie: as.cookie } : {}, payload });
  const reportRows = (reporter: number) => t.app.ctx.db.selectFrom('reports').selectAll().where('reporter_id', '=', reporter).execute();

  it('lets the recipient report a message, keeping a snapshot for the admin area', async () => {
    const sender = await createArtist(t.app);
    const recipient = await createStudio(t.app);
    const stranger = await createArtist(t.app);
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    const id = await insertMessage(t.app, { from: sender.user.id, to: recipient.user.id, content: 'Kauf billige Follower!', createdAt });

    const res = await report(recipient, { targetType: 'message', targetId: id, reason: 'spam', details: '  Werbung  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, alreadyReported: false });
    expect(body.report).toMatchObject({ targetType: 'message', targetId: id, reason: 'spam', details: 'Werbung', status: 'open' });
    expect(Object.keys(body.report).sort()).toEqual(['createdAt', 'details', 'id', 'reason', 'status', 'targetId', 'targetType']);

    // The snapshot outlives the message.
    await t.app.ctx.db.deleteFrom('messages').where('id', '=', id).execute();
    const [row] = await reportRows(recipient.user.id);
    expect(row?.target_user_id).toBe(sender.user.id);
    expect(JSON.parse(row?.snapshot as string)).toEqual({
      id,
      content: 'Kauf billige Follower!',
      createdAt,
      sender: { id: sender.user.id, name: sender.user.name, username: sender.user.username },
      receiver: { id: recipient.user.id, name: recipient.user.name, username: recipient.user.username },
    });

    const other = await insertMessage(t.app, { from: sender.user.id, to: recipient.user.id });
    const bySender = await report(sender, { targetType: 'message', targetId: other, reason: 'other' });
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toMatchObject({ code: 'reportNotAllowed', error: 'You can only report messages you received.' });
    // A third user learns nothing about a conversation not theirs, not even that the id exists.
    const byStranger = await report(stranger, { targetType: 'message', targetId: other, reason: 'other' });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().code).toBe('reportTargetNotFound');
    expect((await report(stranger, { targetType: 'message', targetId: 999999, reason: 'other' })).json().code).toBe('reportTargetNotFound');
    expect((await report(null, { targetType: 'message', targetId: other, reason: 'other' })).statusCode).toBe(401);
    expect(await reportRows(sender.user.id)).toHaveLength(0);
    expect(await reportRows(stranger.user.id)).toHaveLength(0);
  });

  it('lets anyone logged in report a review, but not their own', async () => {
    const reviewer = await createArtist(t.app);
    const reviewed = await createStudio(t.app);
    const bystander = await createArtist(t.app);
    const id = await insertReview(t.app, { by: reviewer.user.id, of: reviewed.user.id, rating: 1, comment: 'Unverschämt!' });

    const res = await report(bystander, { targetType: 'review', targetId: id, reason: 'harassment' });
    expect(res.statusCode).toBe(201);
    expect((await report(reviewed, { targetType: 'review', targetId: id, reason: 'fake' })).statusCode).toBe(201);
    expect((await report(reviewer, { targetType: 'review', targetId: id, reason: 'fake' })).statusCode).toBe(403);
    expect((await report(bystander, { targetType: 'review', targetId: 999999, reason: 'fake' })).statusCode).toBe(404);
    expect((await report(null, { targetType: 'review', targetId: id, reason: 'fake' })).statusCode).toBe(401);

    const [row] = await reportRows(bystander.user.id);
    expect(row?.target_user_id).toBe(reviewer.user.id);
    expect(JSON.parse(row?.snapshot as string)).toMatchObject({
      id,
      rating: 1,
      comment: 'Unverschämt!',
      reviewer: { id: reviewer.user.id, username: reviewer.user.username },
      reviewed: { id: reviewed.user.id, username: reviewed.user.username },
    });
  });

  it('reports a user, never oneself', async () => {
    const me = await createArtist(t.app);
    const them = await createStudio(t.app);
    const res = await report(me, { targetType: 'user', targetId: them.user.id, reason: 'fake', details: null });
    expect(res.statusCode).toBe(201);
    expect(res.json().report.details).toBeNull();
    expect((await report(me, { targetType: 'user', targetId: me.user.id, reason: 'fake' })).statusCode).toBe(403);
    expect((await report(me, { targetType: 'user', targetId: 999999, reason: 'fake' })).statusCode).toBe(404);
    const [row] = await reportRows(me.user.id);
    expect(row?.target_user_id).toBe(them.user.id);
    expect(JSON.parse(row?.snapshot as string)).toMatchObject({ id: them.user.id, username: them.user.username, userType: 'studio' });
  });

  it('answers a repeat with the first report, storing nothing new', async () => {
    const me = await createArtist(t.app);
    const them = await createStudio(t.app);
    const first = await report(me, { targetType: 'user', targetId: them.user.id, reason: 'spam', details: 'Erste Meldung' });
    const again = await report(me, { targetType: 'user', targetId: them.user.id, reason: 'other', details: 'Zweite Meldung' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, alreadyReported: true });
    expect(again.json().report).toEqual(first.json().report);
    expect(await reportRows(me.user.id)).toHaveLength(1);
  });

  it('refuses malformed reports with 400', async () => {
    const me = await createArtist(t.app);
    const them = await createStudio(t.app);
    const cases: [object, string][] = [
      [{ targetType: 'post', targetId: them.user.id, reason: 'spam' }, 'validation'],
      [{ targetType: 'user', targetId: 'x', reason: 'spam' }, 'validation'],
      [{ targetType: 'user', targetId: them.user.id }, 'reportReasonRequired'],
      [{ targetType: 'user', targetId: them.user.id, reason: 'boring' }, 'reportReasonRequired'],
      [{ targetType: 'user', targetId: them.user.id, reason: 'spam', details: 'x'.repeat(1001) }, 'tooLong'],
      [{ targetType: 'user', targetId: them.user.id, reason: 'spam', details: 'a\u0000b' }, 'controlCharacters'],
    ];
    for (const [payload, code] of cases) {
      const res = await report(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
    }
    expect((await report(me, { targetType: 'user', targetId: them.user.id, reason: 'spam', details: 'x'.repeat(1000) })).statusCode).toBe(201);
    expect(await reportRows(me.user.id)).toHaveLength(1);
  });

  it(`allows ${REPORT_LIMIT.max} reports a day, then 429 with Retry-After`, async () => {
    const me = await createArtist(t.app);
    const tag = `rep${engine}${Date.now().toString(36)}`;
    await insertBareUsers(
      t.app,
      Array.from({ length: REPORT_LIMIT.max + 1 }, (_, i) => ({ username: `${tag} ${i}`, usernameKey: `${tag}-${i}`, email: `${tag}${i}@example.test`, name: `Target ${i}`, type: 'studio' as const })),
    );
    const ids = (await t.app.ctx.db.selectFrom('users').select('id').where('username_key', 'like', `${tag}-%`).orderBy('id').execute()).map((r) => r.id);
    for (const id of ids.slice(0, REPORT_LIMIT.max)) expect((await report(me, { targetType: 'user', targetId: id, reason: 'spam' })).statusCode).toBe(201);
    // A repeat stores nothing and so costs nothing.
    expect((await report(me, { targetType: 'user', targetId: ids[0] as number, reason: 'spam' })).statusCode).toBe(429);
    const over = await report(me, { targetType: 'user', targetId: ids[REPORT_LIMIT.max] as number, reason: 'spam' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportRows(me.user.id)).toHaveLength(REPORT_LIMIT.max);
  });

  it('stores one report for 50 parallel identical ones', async () => {
    const me = await createArtist(t.app);
    const them = await createStudio(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => report(me, { targetType: 'user', targetId: them.user.id, reason: 'harassment' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 429)).toBe(true);
    const ids = new Set(answers.filter((a) => a.statusCode < 300).map((a) => a.json().report.id));
    expect(ids.size).toBe(1);
    expect(await reportRows(me.user.id)).toHaveLength(1);
  });
});
