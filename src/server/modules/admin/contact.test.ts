import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_PAGE_SIZE } from '../../../common/schemas/admin-inbox';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { mailsTo as mailFilesTo } from '../../test/mail-files';
import { callerFor, type Method } from '../../test/call-as';
import { usePeople } from '../../test/people';
import { countNewContactMessages } from './contact-repo';


describeEachEngine('admin contact inbox', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  afterEach(() => vi.restoreAllMocks());

  let address = 0;
  const call = callerFor(t);
  const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, { as: people.admin, payload });

  /** A message through the public form, from an address of its own (the form allows five an hour per address). */
  async function sendContact(input: { name?: string; email?: string; subject?: string; message?: string }, opts: { as?: TestUser; lang?: string } = {}): Promise<number> {
    address++;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.77.${Math.floor(address / 250)}.${address % 250}`,
      headers: { 'accept-language': opts.lang ?? 'en', ...(opts.as ? { cookie: opts.as.cookie } : {}) },
      payload: { name: 'Kim Visitor', email: 'kim@example.test', subject: 'A question', message: 'How do guest spots work here?', ...input },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  const auditCount = async (id: number) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('admin_audit_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('target_type', '=', 'contact_message')
          .where('target_id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const statusOf = async (id: number) => (await t.app.ctx.db.selectFrom('contact_messages').select('status').where('id', '=', id).executeTakeFirst())?.status;

  const mailsTo = (email: string): string[] => mailFilesTo(t.config.dataDir, email);

  describe('access', () => {
    const routes: [Method, string, object | undefined][] = [
      ['GET', '/api/admin/contact', undefined],
      ['GET', '/api/admin/contact/1', undefined],
      ['PATCH', '/api/admin/contact/1', { status: 'closed' }],
      ['POST', '/api/admin/contact/1/reply', { subject: 'Hi', body: 'Hello' }],
      ['DELETE', '/api/admin/contact/1', { reason: 'Asked to be forgotten' }],
    ];
    it('answers a visitor 401 and an artist or a studio 403 on every call', async () => {
      for (const [method, url, payload] of routes) {
        expect((await call(method, url, { payload })).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, { as: people.artist, payload })).statusCode, `${method} ${url}`).toBe(403);
        const studio = await call(method, url, { as: people.studio, payload, lang: 'de' });
        expect(studio.statusCode).toBe(403);
        expect(studio.json().success).toBe(false);
      }
    });
  });

  describe('list', () => {
    it('lists newest first with every status, filters by status and finds text case-blind', async () => {
      const first = await sendContact({ name: 'Aylin Demir', subject: 'Rates', message: 'What does a featured listing cost per month?' });
      const second = await sendContact({ email: 'OTTO@Example.test', subject: 'Weird 100%_match', message: 'Percent and underscore are plain text here.' });
      const res = await asAdmin('GET', '/api/admin/contact');
      expect(res.statusCode).toBe(200);
      const ids = (res.json().messages as { id: number }[]).map((m) => m.id);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      const row = (res.json().messages as { id: number }[]).find((m) => m.id === first);
      expect(row).toMatchObject({ name: 'Aylin Demir', subject: 'Rates', status: 'new', language: 'en', replyCount: 0 });

      const found = await asAdmin('GET', `/api/admin/contact?q=${encodeURIComponent('aylin')}`);
      expect((found.json().messages as { id: number }[]).map((m) => m.id)).toEqual([first]);
      const byEmail = await asAdmin('GET', '/api/admin/contact?q=otto@example');
      expect((byEmail.json().messages as { id: number }[]).map((m) => m.id)).toEqual([second]);
      // % and _ are searched as themselves, not as wildcards.
      const literal = await asAdmin('GET', `/api/admin/contact?q=${encodeURIComponent('100%_m')}`);
      expect((literal.json().messages as { id: number }[]).map((m) => m.id)).toEqual([second]);
      const wildcard = await asAdmin('GET', `/api/admin/contact?q=${encodeURIComponent('r_tes')}`);
      expect(wildcard.json().messages).toEqual([]);

      await asAdmin('PATCH', `/api/admin/contact/${first}`, { status: 'spam' });
      const spam = await asAdmin('GET', '/api/admin/contact?status=spam');
      expect((spam.json().messages as { id: number }[]).map((m) => m.id)).toEqual([first]);
      const fresh = await asAdmin('GET', '/api/admin/contact?status=new');
      expect((fresh.json().messages as { id: number; status: string }[]).every((m) => m.status === 'new')).toBe(true);
    });

    it('pages with an opaque cursor', async () => {
      const at = Date.parse('2020-01-01T00:00:00Z');
      await t.app.ctx.db
        .insertInto('contact_messages')
        .values(
          Array.from({ length: CONTACT_PAGE_SIZE + 5 }, (_, i) => ({
            name: 'Pager',
            email: 'pager@example.test',
            subject: `Page ${i}`,
            message: 'Filling the inbox for paging.',
            language: 'en',
            user_id: null,
            // Two rows per timestamp: the id breaks the tie.
            created_at: new Date(at + Math.floor(i / 2) * 1000).toISOString(),
          })),
        )
        .execute();
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await asAdmin('GET', `/api/admin/contact?q=pager${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { messages: { id: number }[]; nextCursor: string | null };
        seen.push(...body.messages.map((m) => m.id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(CONTACT_PAGE_SIZE + 5);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('refuses a bad status, search or cursor with 400', async () => {
      for (const query of ['status=open', 'status=NEW', `q=${'x'.repeat(201)}`, 'cursor=not*base64', `cursor=${Buffer.from('[1,2]').toString('base64url')}`, `cursor=${Buffer.from('["2026-01-01T00:00:00Z",0]').toString('base64url')}`, 'cursor=%00']) {
        const res = await asAdmin('GET', `/api/admin/contact?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });
  });

  describe('one message', () => {
    it('marks a new message read when opened and links the sender by their address or session', async () => {
      const byAddress = await sendContact({ email: people.studio.email.toUpperCase(), message: 'My account question, sent while logged out.' });
      const bySession = await sendContact({ email: 'other@example.test', message: 'Sent while logged in with another address.' }, { as: people.artist });
      const stranger = await sendContact({ email: 'nobody@example.test' });
      const before = await countNewContactMessages(t.app.ctx.db);

      const res = await asAdmin('GET', `/api/admin/contact/${byAddress}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatchObject({ id: byAddress, status: 'read', replies: [], user: { id: people.studio.user.id, userType: 'studio' } });
      expect(await statusOf(byAddress)).toBe('read');
      expect(await countNewContactMessages(t.app.ctx.db)).toBe(before - 1);
      // Opening is not an action on anyone: no audit entry.
      expect(await auditCount(byAddress)).toBe(0);
      expect((await asAdmin('GET', `/api/admin/contact/${bySession}`)).json().message.user).toMatchObject({ id: people.artist.user.id });
      expect((await asAdmin('GET', `/api/admin/contact/${stranger}`)).json().message.user).toBeNull();
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await asAdmin('GET', '/api/admin/contact/999999')).statusCode).toBe(404);
      expect((await asAdmin('GET', '/api/admin/contact/99999999999')).statusCode).toBe(404);
      expect((await asAdmin('GET', '/api/admin/contact/abc')).statusCode).toBe(400);
      expect((await asAdmin('PATCH', '/api/admin/contact/999999', { status: 'closed' })).statusCode).toBe(404);
      expect((await asAdmin('POST', '/api/admin/contact/999999/reply', { subject: 'Hi', body: 'Hello' })).statusCode).toBe(404);
      expect((await asAdmin('DELETE', '/api/admin/contact/999999', { reason: 'Erasure request' })).statusCode).toBe(404);
    });
  });

  describe('status', () => {
    it('writes one audit entry per change, none for the same status or bad input', async () => {
      const id = await sendContact({});
      const res = await asAdmin('PATCH', `/api/admin/contact/${id}`, { status: 'closed' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'closed' });
      expect(await auditCount(id)).toBe(1);
      const entry = await t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', String(id)).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ admin_id: people.admin.user.id, action: 'contact.status', target_type: 'contact_message' });
      expect(JSON.parse(entry.details as string)).toEqual({ before: { status: 'new' }, after: { status: 'closed' } });

      expect((await asAdmin('PATCH', `/api/admin/contact/${id}`, { status: 'closed' })).statusCode).toBe(200);
      for (const payload of [{ status: 'archived' }, {}, { status: 3 }]) {
        expect((await asAdmin('PATCH', `/api/admin/contact/${id}`, payload)).statusCode).toBe(400);
      }
      expect(await auditCount(id)).toBe(1);
      expect(await statusOf(id)).toBe('closed');
    });

    if (engine === 'postgres') {
      it('moves a message once when 50 admins set it at the same time', async () => {
        const id = await sendContact({});
        const answers = await Promise.all(Array.from({ length: 50 }, () => asAdmin('PATCH', `/api/admin/contact/${id}`, { status: 'spam' })));
        expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
        expect(await auditCount(id)).toBe(1);
        expect(await statusOf(id)).toBe('spam');
      });
    }
  });

  describe('reply', () => {
    it('mails the reply in the sender’s language with the message quoted, keeps it and marks the message answered', async () => {
      const email = `reply-${engine}@example.test`;
      const id = await sendContact({ name: 'Jonas', email, subject: 'Frage zu Gastspots', message: 'Wie bewerbe ich mich?\nZweite Zeile.' }, { lang: 'de' });
      const res = await asAdmin('POST', `/api/admin/contact/${id}/reply`, { subject: 'Re: Frage zu Gastspots', body: 'Über die Seite des Gastspots, mit „Bewerben“.' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, status: 'answered' });

      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      const mail = mails[0] as string;
      expect(mail).toContain('Hallo Jonas,');
      expect(mail).toContain('Über die Seite des Gastspots, mit „Bewerben“.');
      expect(mail).toContain('Deine Nachricht vom');
      expect(mail).toContain('> Wie bewerbe ich mich?\n> Zweite Zeile.');
      expect(mail).toMatch(/^Subject: .*Frage zu Gastspots/m);

      expect(await statusOf(id)).toBe('answered');
      const detail = (await asAdmin('GET', `/api/admin/contact/${id}`)).json().message;
      expect(detail.replies).toEqual([
        expect.objectContaining({ subject: 'Re: Frage zu Gastspots', body: 'Über die Seite des Gastspots, mit „Bewerben“.', admin: { id: people.admin.user.id, username: people.admin.user.username } }),
      ]);
      expect(await auditCount(id)).toBe(1);
      const list = (await asAdmin('GET', `/api/admin/contact?q=${encodeURIComponent(email)}`)).json().messages;
      expect(list[0]).toMatchObject({ id, status: 'answered', replyCount: 1 });
    });

    it('refuses bad bodies with 400 and mails nothing', async () => {
      const email = `bad-reply-${engine}@example.test`;
      const id = await sendContact({ email });
      for (const payload of [
        {},
        { subject: '', body: 'Hello' },
        { subject: '   ', body: 'Hello' },
        { subject: 'x'.repeat(201), body: 'Hello' },
        { subject: 'Two\nlines', body: 'Hello' },
        { subject: 'Hi', body: '' },
        { subject: 'Hi', body: 'x'.repeat(10_001) },
        { subject: 'Hi', body: 'NUL \u0000 inside' },
      ]) {
        const res = await asAdmin('POST', `/api/admin/contact/${id}/reply`, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      }
      expect((await asAdmin('POST', `/api/admin/contact/${id}/reply`, { subject: 'x'.repeat(200), body: 'y'.repeat(10_000) })).statusCode).toBe(201);
      expect(mailsTo(email)).toHaveLength(1);
      expect(await auditCount(id)).toBe(1);
    });

    it('keeps nothing and writes no entry when the mail cannot be sent', async () => {
      const id = await sendContact({ email: `down-${engine}@example.test` });
      vi.spyOn(t.app.ctx.mailer, 'send').mockRejectedValue(new Error('SMTP down'));
      const res = await asAdmin('POST', `/api/admin/contact/${id}/reply`, { subject: 'Hi', body: 'Hello' });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('contactReplyNotSent');
      expect(await statusOf(id)).toBe('new');
      expect(await auditCount(id)).toBe(0);
      expect(await t.app.ctx.db.selectFrom('contact_replies').select('id').where('message_id', '=', id).execute()).toEqual([]);
    });
  });

  describe('delete', () => {
    it('needs a reason, deletes message and replies, and keeps no personal data in the entry', async () => {
      const email = `erase-${engine}@example.test`;
      const id = await sendContact({ email, name: 'Erika Erase' });
      await asAdmin('POST', `/api/admin/contact/${id}/reply`, { subject: 'Hi', body: 'Hello' });
      for (const payload of [{}, { reason: '' }, { reason: ' ' }, { reason: 'x'.repeat(501) }]) {
        expect((await asAdmin('DELETE', `/api/admin/contact/${id}`, payload)).statusCode).toBe(400);
      }
      expect(await auditCount(id)).toBe(1);
      const res = await asAdmin('DELETE', `/api/admin/contact/${id}`, { reason: 'The sender asked to be forgotten' });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(id)).toBeUndefined();
      expect(await t.app.ctx.db.selectFrom('contact_replies').select('id').where('message_id', '=', id).execute()).toEqual([]);
      const entries = await t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_id', '=', String(id)).where('action', '=', 'contact.delete').execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]?.reason).toBe('The sender asked to be forgotten');
      expect(entries[0]?.details).not.toContain(email);
      expect(entries[0]?.details).not.toContain('Erika');
      expect((await asAdmin('DELETE', `/api/admin/contact/${id}`, { reason: 'Again' })).statusCode).toBe(404);
      expect(await auditCount(id)).toBe(2);
    });
  });
});
