import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { mailsTo as mailFilesTo } from '../../test/mail-files';
import { usePeople } from '../../test/people';

type Method = 'GET' | 'POST' | 'DELETE';

describeEachEngine('admin gallery moderation', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });

  const call = (method: Method, url: string, opts: { as?: TestUser | null; payload?: object } = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(opts.as ? { cookie: opts.as.cookie } : {}) },
      ...(opts.payload === undefined ? {} : { payload: opts.payload }),
    });
  const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, { as: people.admin, payload });

  let seq = 0;
  /** An image straight in the table, `minutesAgo` old, as an upload leaves it. */
  async function addImage(owner: TestUser, opts: { minutesAgo?: number; caption?: string | null } = {}): Promise<number> {
    const at = new Date(Date.now() - (opts.minutesAgo ?? 0) * 60_000 - seq++).toISOString();
    const stem = `/uploads/gallery/${owner.user.id}/img${seq}`;
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({ user_id: owner.user.id, image_url: `${stem}-large.webp`, medium_url: `${stem}-medium.webp`, thumbnail_url: `${stem}-thumbnail.webp`, width: 1200, height: 1500, caption: opts.caption ?? 'Koi', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const audit = (targetId: number) =>
    t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'reason', 'details']).where('target_type', '=', 'image').where('target_id', '=', String(targetId)).orderBy('id').execute();
  const mailsTo = (email: string): string[] => mailFilesTo(t.config.dataDir, email);

  it('answers a visitor 401 and an artist or a studio 403 on every route', async () => {
    const routes: [Method, string, object | undefined][] = [
      ['GET', '/api/admin/gallery', undefined],
      ['POST', '/api/admin/gallery/review', { ids: [1] }],
      ['POST', '/api/admin/gallery/1/hide', { reason: 'x' }],
      ['POST', '/api/admin/gallery/1/unhide', { reason: 'x' }],
      ['DELETE', '/api/admin/gallery/1', { reason: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, { payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, { as: people.artist, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, { as: people.studio, payload })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists new images oldest first with uploader, styles and report count, and pages by cursor', async () => {
    const owner = await createUser(t.app);
    const older = await addImage(owner, { minutesAgo: 600 });
    const newer = await addImage(owner, { minutesAgo: 590 });
    const res = await asAdmin('GET', '/api/admin/gallery?status=new');
    expect(res.statusCode).toBe(200);
    const ids = res.json().images.map((i: { id: number }) => i.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const first = res.json().images.find((i: { id: number }) => i.id === older);
    expect(first).toMatchObject({ caption: 'Koi', status: 'new', reportCount: 0, styles: [], uploader: { id: owner.user.id, username: owner.user.username } });
    expect(typeof first.uploadedAt).toBe('string');
    expect((await asAdmin('GET', '/api/admin/gallery?cursor=%%%')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/gallery?cursor=abc')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/gallery?status=old')).statusCode).toBe(400);
  });

  it('marks images reviewed in one audit entry, refuses bad batches and unknown ids', async () => {
    const owner = await createUser(t.app);
    const a = await addImage(owner);
    const b = await addImage(owner);
    const before = await t.app.ctx.db.selectFrom('admin_audit_log').select('id').execute();
    expect((await asAdmin('POST', '/api/admin/gallery/review', { ids: [] })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/gallery/review', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/gallery/review', { ids: ['x'] })).json().code).toBe('moderationIdsInvalid');
    expect((await asAdmin('POST', '/api/admin/gallery/review', { ids: [a, 999999] })).statusCode).toBe(404);
    expect(await t.app.ctx.db.selectFrom('admin_audit_log').select('id').execute()).toHaveLength(before.length);

    const res = await asAdmin('POST', '/api/admin/gallery/review', { ids: [a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json().reviewed).toBe(2);
    expect(await t.app.ctx.db.selectFrom('admin_audit_log').select('action').execute()).toHaveLength(before.length + 1);
    const reviewed = (await asAdmin('GET', '/api/admin/gallery?status=reviewed')).json().images.map((i: { id: number }) => i.id);
    expect(reviewed).toEqual(expect.arrayContaining([a, b]));
    const fresh = (await asAdmin('GET', '/api/admin/gallery?status=new')).json().images.map((i: { id: number }) => i.id);
    expect(fresh).not.toContain(a);
  });

  it('hides an image from the gallery and the profile, shows the owner why, mails them; unhides it', async () => {
    const owner = await createUser(t.app);
    const id = await addImage(owner, { caption: 'Rose' });
    const inGallery = async () => (await call('GET', '/api/gallery')).json().images.some((i: { id: number }) => i.id === id);
    expect(await inGallery()).toBe(true);

    expect((await asAdmin('POST', `/api/admin/gallery/${id}/hide`, {})).statusCode).toBe(400);
    expect((await asAdmin('POST', `/api/admin/gallery/${id}/hide`, { reason: '   ' })).json().code).toBe('adminReasonRequired');
    expect((await asAdmin('POST', '/api/admin/gallery/999999/hide', { reason: 'Stolen' })).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/gallery/abc/hide', { reason: 'Stolen' })).statusCode).toBe(400);
    expect(await audit(id)).toHaveLength(0);

    const hidden = await asAdmin('POST', `/api/admin/gallery/${id}/hide`, { reason: 'Not your own work' });
    expect(hidden.statusCode).toBe(200);
    expect(await inGallery()).toBe(false);
    expect((await call('GET', `/api/gallery/image/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/gallery/image/${id}`, { as: owner })).json().image.hiddenReason).toBe('Not your own work');
    expect((await asAdmin('POST', `/api/admin/gallery/${id}/hide`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await audit(id)).map((a) => [a.action, a.reason])).toEqual([['gallery.hide', 'Not your own work']]);
    await t.app.ctx.outbox.drain();
    const mails = mailsTo(owner.email);
    expect(mails.some((m) => m.includes('Not your own work'))).toBe(true);
    expect((await asAdmin('GET', '/api/admin/gallery?status=hidden')).json().images.map((i: { id: number }) => i.id)).toContain(id);

    expect((await asAdmin('POST', `/api/admin/gallery/${id}/unhide`, { reason: 'It is their own after all' })).statusCode).toBe(200);
    expect(await inGallery()).toBe(true);
    expect((await asAdmin('POST', `/api/admin/gallery/${id}/unhide`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await audit(id)).map((a) => a.action)).toEqual(['gallery.hide', 'gallery.unhide']);
  });

  it('keeps a hidden image out of the public profile, but in its owner’s own view, who may delete it', async () => {
    const owner = await createUser(t.app);
    const id = await addImage(owner);
    await asAdmin('POST', `/api/admin/gallery/${id}/hide`, { reason: 'Nudity' });
    const publicProfile = await call('GET', `/api/profile/${owner.user.username}`);
    const images = (body: { user?: { galleryImages?: { id: number }[] }; galleryImages?: { id: number }[] }) => body.user?.galleryImages ?? body.galleryImages ?? [];
    expect(images(publicProfile.json()).map((i) => i.id)).not.toContain(id);
    const own = images((await call('GET', `/api/profile/${owner.user.username}`, { as: owner })).json()) as { id: number; hiddenReason?: string }[];
    expect(own.find((i) => i.id === id)?.hiddenReason).toBe('Nudity');
    expect((await call('DELETE', `/api/gallery/${id}`, { as: owner })).statusCode).toBe(200);
  });

  it('deletes an image with its audit entry and mails the owner; a repeat is 404', async () => {
    const owner = await createUser(t.app);
    const id = await addImage(owner);
    expect((await asAdmin('DELETE', `/api/admin/gallery/${id}`, {})).statusCode).toBe(400);
    const res = await asAdmin('DELETE', `/api/admin/gallery/${id}`, { reason: 'Copyright complaint' });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.db.selectFrom('gallery_images').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await audit(id)).map((a) => a.action)).toEqual(['gallery.delete']);
    expect((await asAdmin('DELETE', `/api/admin/gallery/${id}`, { reason: 'Copyright complaint' })).statusCode).toBe(404);
    expect(await audit(id)).toHaveLength(1);
    await t.app.ctx.outbox.drain();
    expect(mailsTo(owner.email).some((m) => m.includes('Copyright complaint'))).toBe(true);
  });

  it('keeps the owner’s mail while the mail server refuses it and sends it on a later round; the hide stands', async () => {
    const owner = await createUser(t.app);
    const id = await addImage(owner, { caption: 'Lotus' });
    const send = vi.spyOn(t.app.ctx.mailer, 'send').mockRejectedValue(new Error('421 try again later'));
    try {
      expect((await asAdmin('POST', `/api/admin/gallery/${id}/hide`, { reason: 'Traced flash' })).statusCode).toBe(200);
      await t.app.ctx.outbox.drain();
      expect(send).toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
    expect(mailsTo(owner.email).some((m) => m.includes('Traced flash'))).toBe(false);
    expect((await call('GET', `/api/gallery/image/${id}`)).statusCode).toBe(404);
    const waiting = await t.app.ctx.db.selectFrom('outbox_events').select('last_error').where('kind', '=', 'admin.mail').where('delivered_at', 'is', null).execute();
    expect(waiting.map((w) => w.last_error)).toEqual(['421 try again later']);
    // The retry's time has come.
    await t.app.ctx.outbox.drain(new Date(Date.now() + 10 * 60_000));
    expect(mailsTo(owner.email).filter((m) => m.includes('Traced flash'))).toHaveLength(1);
  });

  it('counts images to review on the dashboard', async () => {
    const before = (await asAdmin('GET', '/api/admin/summary')).json().imagesToReview;
    const owner = await createUser(t.app);
    const id = await addImage(owner);
    expect((await asAdmin('GET', '/api/admin/summary')).json().imagesToReview).toBe(before + 1);
    await asAdmin('POST', '/api/admin/gallery/review', { ids: [id] });
    expect((await asAdmin('GET', '/api/admin/summary')).json().imagesToReview).toBe(before);
  });
});

describe('admin gallery moderation texts', () => {
  it('exist for the owner mails in every language', async () => {
    const { t: text } = await import('../../i18n');
    for (const lang of ['en', 'de', 'es', 'fr', 'pt'] as const) {
      for (const key of ['moderationImageHidden', 'moderationImageRemoved', 'moderationListingHidden', 'moderationListingRemoved', 'reportOutcome']) {
        expect(text(lang, `mail:${key}.body`, { name: 'Ana', reason: 'R', caption: '', title: 'T', date: 'd', outcome: 'o', link: 'l' })).not.toContain(`${key}.body`);
      }
    }
  });
});
