import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { mailsTo as mailFilesTo } from '../../test/mail-files';
import { callerFor, type Method } from '../../test/call-as';
import { usePeople } from '../../test/people';
import { insertMessage, insertReview } from '../safety/testing';


describeEachEngine('admin reports queue', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });

  const call = callerFor(t);
  const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, { as: people.admin, payload });
  const report = (as: TestUser, payload: object) => call('POST', '/api/reports', { as, payload });
  const resolve = (payload: object) => asAdmin('POST', '/api/admin/reports/resolve', payload);

  async function addImage(owner: TestUser): Promise<number> {
    const at = new Date().toISOString();
    const stem = `/uploads/gallery/${owner.user.id}/r${Math.random().toString(36).slice(2)}`;
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: owner.user.id, image_url: `${stem}-large.webp`, medium_url: `${stem}-medium.webp`, thumbnail_url: `${stem}-thumbnail.webp`, width: 800, height: 800, caption: 'Snake', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const auditOf = (type: string, id: number) =>
    t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'reason', 'details']).where('target_type', '=', type).where('target_id', '=', String(id)).orderBy('id').execute();
  // Decoded, so a soft line break that moves with the date's length cannot split the words looked for.
  // Mails leave through the outbox after the answer: delivered here before they are read.
  const mailsTo = async (email: string): Promise<string[]> => {
    await t.app.ctx.outbox.drain();
    return mailFilesTo(t.config.dataDir, email);
  };

  it('answers a visitor 401 and an artist or a studio 403', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/reports', undefined],
      ['POST', '/api/admin/reports/resolve', { targetType: 'user', targetId: 1, action: 'dismiss', reason: 'x' }],
    ] as const) {
      expect((await call(method, url, { payload })).statusCode).toBe(401);
      expect((await call(method, url, { as: people.artist, payload })).statusCode).toBe(403);
      expect((await call(method, url, { as: people.studio, payload })).statusCode).toBe(403);
    }
  });

  it('takes reports of images with the reason stolen_work, never of one’s own image', async () => {
    const owner = await createUser(t.app);
    const id = await addImage(owner);
    expect((await report(people.artist, { targetType: 'image', targetId: id, reason: 'stolen_work' })).statusCode).toBe(201);
    const again = await report(people.artist, { targetType: 'image', targetId: id, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyReported).toBe(true);
    expect((await report(owner, { targetType: 'image', targetId: id, reason: 'spam' })).statusCode).toBe(403);
    expect((await report(people.artist, { targetType: 'image', targetId: 999999, reason: 'spam' })).statusCode).toBe(404);
  });

  it('groups reports by target, with the message alone as its preview', async () => {
    const sender = await createUser(t.app);
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const message = await insertMessage(t.app, { from: sender.user.id, to: a.user.id, content: 'Buy followers now' });
    await insertMessage(t.app, { from: sender.user.id, to: a.user.id, content: 'Another one in the thread' });
    await report(a, { targetType: 'message', targetId: message, reason: 'spam', details: 'Pure spam' });
    const target = await createUser(t.app);
    await report(a, { targetType: 'user', targetId: target.user.id, reason: 'fake' });
    await report(b, { targetType: 'user', targetId: target.user.id, reason: 'spam', details: 'Same text everywhere' });

    const res = await asAdmin('GET', '/api/admin/reports?status=open&targetType=user');
    expect(res.statusCode).toBe(200);
    const group = res.json().reports.find((g: { targetId: number }) => g.targetId === target.user.id);
    expect(group).toMatchObject({ targetType: 'user', count: 2, status: 'open', details: ['Same text everywhere'] });
    expect(group.reasons.sort()).toEqual(['fake', 'spam']);
    expect(res.json().reports.every((g: { targetType: string }) => g.targetType === 'user')).toBe(true);

    const messages = (await asAdmin('GET', '/api/admin/reports?targetType=message')).json().reports;
    const m = messages.find((g: { targetId: number }) => g.targetId === message);
    expect(m.preview.content).toBe('Buy followers now');
    expect(JSON.stringify(m)).not.toContain('Another one in the thread');
    expect((await asAdmin('GET', '/api/admin/reports?status=closed')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/reports?cursor=bad!')).statusCode).toBe(400);
  });

  it('resolves by hiding an image: closes every open report, tells each reporter, one audit entry', async () => {
    const owner = await createUser(t.app);
    const reporters = [await createUser(t.app), await createUser(t.app)];
    const id = await addImage(owner);
    for (const r of reporters) await report(r, { targetType: 'image', targetId: id, reason: 'stolen_work' });

    expect((await resolve({ targetType: 'image', targetId: id, action: 'hide' })).statusCode).toBe(400);
    expect((await resolve({ targetType: 'user', targetId: owner.user.id, action: 'hide', reason: 'x' })).json().code).toBe('moderationActionInvalid');
    expect((await resolve({ targetType: 'image', targetId: 999999, action: 'hide', reason: 'x' })).statusCode).toBe(404);
    expect(await auditOf('image', id)).toHaveLength(0);

    const res = await resolve({ targetType: 'image', targetId: id, action: 'hide', reason: 'Copied from another artist' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', closed: 2 });
    const rows = await t.app.ctx.db.selectFrom('reports').select(['status', 'resolution']).where('target_type', '=', 'image').where('target_id', '=', id).execute();
    expect(rows.every((r) => r.status === 'resolved' && r.resolution === 'hide')).toBe(true);
    expect((await auditOf('image', id)).map((a) => a.action)).toEqual(['report.resolve']);
    expect((await call('GET', `/api/gallery/image/${id}`)).statusCode).toBe(404);
    for (const r of reporters) {
      const mails = await mailsTo(r.email);
      expect(mails.some((m) => m.includes('We hid what you reported.'))).toBe(true);
      // Who acted and why stays inside the team.
      expect(mails.some((m) => m.includes('Copied from another artist') || m.includes(people.admin.user.username))).toBe(false);
    }
    // Nothing open is left, so a second resolve is 404 and writes nothing.
    expect((await resolve({ targetType: 'image', targetId: id, action: 'dismiss', reason: 'x' })).statusCode).toBe(404);
    expect(await auditOf('image', id)).toHaveLength(1);
    // Closed, the reporter may report it again.
    await t.app.ctx.db.updateTable('gallery_images').set({ hidden_at: null }).where('id', '=', id).execute();
    expect((await report(reporters[0] as TestUser, { targetType: 'image', targetId: id, reason: 'spam' })).statusCode).toBe(201);
  });

  it('removes a message: both sides read it was removed', async () => {
    const sender = await createUser(t.app);
    const receiver = await createUser(t.app);
    const id = await insertMessage(t.app, { from: sender.user.id, to: receiver.user.id, content: 'Something nasty' });
    await report(receiver, { targetType: 'message', targetId: id, reason: 'harassment' });
    expect((await resolve({ targetType: 'message', targetId: id, action: 'hide', reason: 'x' })).statusCode).toBe(400);
    expect((await resolve({ targetType: 'message', targetId: id, action: 'remove', reason: 'Insults' })).statusCode).toBe(200);
    for (const [me, other] of [[sender, receiver], [receiver, sender]] as const) {
      const thread = await call('GET', `/api/messages/contact/${other.user.id}`, { as: me });
      const found = (thread.json().messages as { id: number; content: string; removedByModeration?: boolean }[]).find((m) => m.id === id);
      expect(found).toMatchObject({ content: '', removedByModeration: true });
    }
  });

  it('removes a review and dismisses a user report; warns an owner in the same resolution', async () => {
    const reviewer = await createUser(t.app);
    const reviewed = await createUser(t.app, { userType: 'studio' });
    const review = await insertReview(t.app, { by: reviewer.user.id, of: reviewed.user.id, comment: 'Fake!' });
    await report(reviewed, { targetType: 'review', targetId: review, reason: 'fake' });
    expect((await resolve({ targetType: 'review', targetId: review, action: 'remove', reason: 'Fake review' })).statusCode).toBe(200);
    expect(await t.app.ctx.db.selectFrom('reviews').select('id').where('id', '=', review).executeTakeFirst()).toBeUndefined();

    const target = await createUser(t.app);
    await report(reviewer, { targetType: 'user', targetId: target.user.id, reason: 'spam' });
    const dismissed = await resolve({ targetType: 'user', targetId: target.user.id, action: 'dismiss', reason: 'Nothing wrong' });
    expect(dismissed.json().status).toBe('dismissed');
    expect((await asAdmin('GET', '/api/admin/reports?status=dismissed&targetType=user')).json().reports.map((g: { targetId: number }) => g.targetId)).toContain(target.user.id);
    expect((await mailsTo(reviewer.email)).some((m) => m.includes('We found no breach of our rules'))).toBe(true);

    const spammer = await createUser(t.app);
    const image = await addImage(spammer);
    await report(reviewer, { targetType: 'image', targetId: image, reason: 'spam' });
    expect((await resolve({ targetType: 'image', targetId: image, action: 'warn_owner', reason: 'Please stop' })).statusCode).toBe(200);
    // The warning is kept on the user's page; its one audit entry is the resolution's.
    const warnings = await t.app.ctx.db.selectFrom('admin_user_warnings').select('reason').where('user_id', '=', spammer.user.id).execute();
    expect(warnings).toEqual([{ reason: 'Please stop' }]);
    expect(await auditOf('user', spammer.user.id)).toEqual([]);
    expect((await auditOf('image', image)).map((a) => a.action)).toEqual(['report.resolve']);
  });

  it('tells a reporter in their own language', async () => {
    const reporter = await createUser(t.app);
    await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', reporter.user.id).execute();
    const target = await createUser(t.app);
    await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'fake' });
    await resolve({ targetType: 'user', targetId: target.user.id, action: 'dismiss', reason: 'ok' });
    expect((await mailsTo(reporter.email)).some((m) => m.includes('Unser Team hat sie'))).toBe(true);
  });

  it('counts open reported targets on the dashboard', async () => {
    const before = (await asAdmin('GET', '/api/admin/summary')).json().openReports;
    const target = await createUser(t.app);
    await report(people.artist, { targetType: 'user', targetId: target.user.id, reason: 'fake' });
    await report(people.studio, { targetType: 'user', targetId: target.user.id, reason: 'fake' });
    expect((await asAdmin('GET', '/api/admin/summary')).json().openReports).toBe(before + 1);
  });

  if (engine === 'postgres') {
    it('stores one report for 50 parallel identical reports of an image', async () => {
      const owner = await createUser(t.app);
      const reporter = await createUser(t.app);
      const id = await addImage(owner);
      const answers = await Promise.all(Array.from({ length: 50 }, () => report(reporter, { targetType: 'image', targetId: id, reason: 'stolen_work' })));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.every((a) => [200, 201, 429].includes(a.statusCode))).toBe(true);
      const rows = await t.app.ctx.db.selectFrom('reports').select('id').where('reporter_id', '=', reporter.user.id).execute();
      expect(rows).toHaveLength(1);
    });
  }
});
