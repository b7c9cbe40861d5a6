import { expect, it, vi } from 'vitest';
import { createPeerApp, createTestApp, describeEachEngine } from '../../test/app';
import { createArtist } from '../../test/factories';
import { mailsTo } from '../../test/mail-files';

describeEachEngine('outbox events across a restart', (engine) => {
  it('mails a reset link requested from a process that stopped before the mail left, from the next process', async () => {
    const t = await createTestApp(engine);
    try {
      const u = await createArtist(t.app);
      // The mail server is away until the process is gone: the event stays undelivered.
      vi.spyOn(t.app.ctx.mailer, 'send').mockRejectedValue(new Error('smtp down'));
      const asked = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '10.7.0.1', payload: { email: u.email } });
      expect(asked.statusCode).toBe(200);
      const event = () => t.app.ctx.db.selectFrom('outbox_events').select(['kind', 'delivered_at', 'last_error']).where('kind', '=', 'auth.password-reset-requested').executeTakeFirst();
      await vi.waitFor(async () => expect(await event()).toEqual({ kind: 'auth.password-reset-requested', delivered_at: null, last_error: 'smtp down' }));
      await t.app.close();
      expect(mailsTo(t.config.dataDir, u.email)).toEqual([]);

      // The next process on the same database, once the retry is due (its worker's poll).
      const next = await createPeerApp(t);
      try {
        await next.ctx.outbox.drain(new Date(Date.now() + 60_000));
        const [mail, ...more] = mailsTo(t.config.dataDir, u.email);
        expect(more).toEqual([]);
        const token = /token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
        expect(token).toBeDefined();
        // Delivered again (its worker died before marking it), the event writes the same file with the same link.
        const redeliver = async () => {
          await next.ctx.db.updateTable('outbox_events').set({ delivered_at: null, next_attempt_at: new Date(0).toISOString() }).execute();
          await next.ctx.outbox.drain();
        };
        await redeliver();
        expect(mailsTo(t.config.dataDir, u.email)).toEqual([mail]);
        const reset = await next.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'A new & long passphrase 42!' } });
        expect(reset.statusCode).toBe(200);
        // Delivered again after the link was used, the event mails nothing and revives no link.
        await redeliver();
        expect(mailsTo(t.config.dataDir, u.email)).toEqual([mail]);
        const again = await next.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Another & long passphrase 43!' } });
        expect(again.statusCode).toBe(400);
      } finally {
        await next.close();
      }
    } finally {
      vi.restoreAllMocks();
      await t.close();
    }
  });
});
