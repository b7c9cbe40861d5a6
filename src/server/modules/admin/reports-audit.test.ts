import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { callerFor } from '../../test/call-as';
import { mailsTo } from '../../test/mail-files';
import { usePeople } from '../../test/people';

/**
 * The reports queue's resolution writes exactly one audit entry in the transaction of its change,
 * whatever the action: a warning or a suspension of the owner is recorded in that entry, not in
 * one of its own, and a refusal anywhere leaves no entry, no warning, no suspension and the
 * reports open.
 */
describeEachEngine('admin reports: one audit entry per resolution', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', reporter: 'artist' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  const call = callerFor(t);
  const resolve = (payload: object, lang = 'en') => call('POST', '/api/admin/reports/resolve', { as: people.admin, payload, lang });

  async function reportedImage(owner: TestUser, reporters: TestUser[] = [people.reporter]): Promise<number> {
    const at = new Date().toISOString();
    const stem = `/uploads/gallery/${owner.user.id}/a${Math.random().toString(36).slice(2)}`;
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: owner.user.id, image_url: `${stem}-large.webp`, medium_url: `${stem}-medium.webp`, thumbnail_url: `${stem}-thumbnail.webp`, width: 800, height: 800, caption: 'Rose', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const r of reporters) {
      expect((await call('POST', '/api/reports', { as: r, payload: { targetType: 'image', targetId: row.id, reason: 'stolen_work' } })).statusCode).toBe(201);
    }
    return row.id;
  }

  const auditCount = async () => Number((await t.app.ctx.db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const entriesOf = (type: string, id: number) =>
    t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'target_type', 'reason', 'details']).where('target_type', '=', type).where('target_id', '=', String(id)).execute();
  const openReports = async (id: number) =>
    (await t.app.ctx.db.selectFrom('reports').select('id').where('target_type', '=', 'image').where('target_id', '=', id).where('status', '=', 'open').execute()).length;
  const warningsOf = async (userId: number) => (await t.app.ctx.db.selectFrom('admin_user_warnings').select('id').where('user_id', '=', userId).execute()).length;
  const suspendedAt = async (userId: number) => (await t.app.ctx.db.selectFrom('users').select('suspended_at').where('id', '=', userId).executeTakeFirstOrThrow()).suspended_at;

  for (const action of ['dismiss', 'warn_owner', 'suspend_owner', 'hide', 'remove'] as const) {
    it(`${action}: one entry, even when three admins resolve at once`, async () => {
      const owner = await createUser(t.app);
      const second = await createUser(t.app);
      const id = await reportedImage(owner, [people.reporter, second]);
      const before = await auditCount();
      const answers = await Promise.all([1, 2, 3].map(() => resolve({ targetType: 'image', targetId: id, action, reason: 'Copied from another artist' })));
      expect(answers.filter((a) => a.statusCode === 200), answers.map((a) => a.body).join('\n')).toHaveLength(1);
      // The others found nothing open any more (404), or the owner already suspended (409).
      expect(answers.every((a) => [200, 404, 409].includes(a.statusCode))).toBe(true);
      expect(await auditCount()).toBe(before + 1);
      const [entry] = await entriesOf('image', id);
      expect(entry).toMatchObject({ action: 'report.resolve', reason: 'Copied from another artist' });
      const details = JSON.parse(String(entry?.details)) as { before: Record<string, unknown>; after: Record<string, unknown> };
      expect(details.after).toMatchObject({ action, status: action === 'dismiss' ? 'dismissed' : 'resolved' });
      expect(await entriesOf('user', owner.user.id)).toEqual([]);
      expect(await openReports(id)).toBe(0);
      expect(await warningsOf(owner.user.id)).toBe(action === 'warn_owner' ? 1 : 0);
      if (action === 'warn_owner') expect(details.after.owner).toMatchObject({ id: owner.user.id, warningId: expect.any(Number) });
      if (action === 'suspend_owner') {
        expect(details.before.owner).toEqual({ id: owner.user.id, suspended: false });
        expect(details.after.owner).toEqual({ id: owner.user.id, suspended: true, until: null });
        expect(await suspendedAt(owner.user.id)).not.toBeNull();
        // The suspension's transaction ended the owner's sessions.
        expect((await call('GET', '/api/auth/me', { as: owner })).statusCode).toBe(401);
        await t.app.ctx.outbox.drain();
        const mail = mailsTo(t.config.dataDir, owner.email).find((m) => m.includes('suspended'));
        expect(mail).toContain('Reason: Copied from another artist');
        expect(mail).toMatch(/\/contact\?appeal=\d+\.\d+\.[A-Za-z0-9_-]{43}/);
      } else expect(await suspendedAt(owner.user.id)).toBeNull();
    });
  }

  it('writes nothing and keeps the reports open when the resolution is refused', async () => {
    // The owner is the acting admin: no admin suspends themselves.
    const own = await reportedImage(people.admin);
    let before = await auditCount();
    const self = await resolve({ targetType: 'image', targetId: own, action: 'suspend_owner', reason: 'Testing myself' });
    expect(self.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
    expect(await openReports(own)).toBe(1);

    // Already suspended: the suspension is refused, nothing else happens either.
    const owner = await createUser(t.app);
    const image = await reportedImage(owner);
    await t.app.ctx.db.updateTable('users').set({ suspended_at: new Date().toISOString(), suspension_reason: 'Earlier' }).where('id', '=', owner.user.id).execute();
    before = await auditCount();
    const again = await resolve({ targetType: 'image', targetId: image, action: 'suspend_owner', reason: 'Copied again' }, 'de');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Dieses Konto ist bereits gesperrt.');
    expect(await auditCount()).toBe(before);
    expect(await openReports(image)).toBe(1);

    // The image is already hidden: the hide step refuses.
    const hiddenOwner = await createUser(t.app);
    const hidden = await reportedImage(hiddenOwner);
    await t.app.ctx.db.updateTable('gallery_images').set({ hidden_at: new Date().toISOString(), hidden_reason: 'Earlier' }).where('id', '=', hidden).execute();
    expect((await resolve({ targetType: 'image', targetId: hidden, action: 'hide', reason: 'Again' })).statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
    expect(await openReports(hidden)).toBe(1);

    // Nothing open on the target: 404, and no warning was given on the way.
    const quiet = await createUser(t.app);
    const unreported = (await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: quiet.user.id, image_url: '/x-large.webp', medium_url: '/x-medium.webp', thumbnail_url: '/x-thumbnail.webp', width: 10, height: 10, caption: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    for (const action of ['warn_owner', 'suspend_owner', 'remove', 'dismiss'] as const) {
      expect((await resolve({ targetType: 'image', targetId: unreported, action, reason: 'Nothing' })).statusCode).toBe(404);
    }
    expect(await warningsOf(quiet.user.id)).toBe(0);
    expect(await suspendedAt(quiet.user.id)).toBeNull();
    expect(await auditCount()).toBe(before);
  });
});
