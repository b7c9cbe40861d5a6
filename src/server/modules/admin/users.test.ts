import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createUser, sessionCookie, type TestUser } from '../../test/factories';
import { createAvailability, makeAdmin } from '../../test/listing-factories';
import { callerFor, type Method } from '../../test/call-as';
import { mailsTo } from '../../test/mail-files';
import { usePeople } from '../../test/people';
import { givePicture } from '../../test/pictures';


describeEachEngine('admin users', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });

  const call = callerFor(t);
  const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, { as: people.admin, payload });

  const auditAbout = async (id: number) =>
    t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'admin_id', 'reason']).where('target_type', '=', 'user').where('target_id', '=', String(id)).orderBy('id').execute();

  const login = (user: TestUser, password = user.password, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      headers: { 'accept-language': lang },
      payload: { email: user.email, password },
    });

  describe('access', () => {
    const routes: [Method, string, object | undefined][] = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/users/1', undefined],
      ['POST', '/api/admin/users/1/suspend', { reason: 'Spam everywhere' }],
      ['POST', '/api/admin/users/1/unsuspend', {}],
      ['POST', '/api/admin/users/1/role', { role: 'admin', password: 'x' }],
      ['POST', '/api/admin/users/1/warn', { reason: 'Please be kind' }],
      ['POST', '/api/admin/users/1/notes', { body: 'Watch this one' }],
      ['DELETE', '/api/admin/users/1', { reason: 'Asked to leave', password: 'x' }],
    ];
    it('answers a visitor 401 and an artist or a studio 403', async () => {
      for (const [method, url, payload] of routes) {
        expect((await call(method, url, { payload })).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, { as: people.artist, payload })).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, { as: people.studio, payload })).statusCode, `${method} ${url}`).toBe(403);
      }
    });
  });

  describe('list and detail', () => {
    it('searches, filters and pages with a cursor', async () => {
      const mark = `zq${Math.random().toString(36).slice(2, 7)}`;
      const made: TestUser[] = [];
      for (let i = 0; i < 3; i++) made.push(await createUser(t.app, { username: `${mark}_${i}`, userType: i === 2 ? 'studio' : 'artist' }));
      const all = await asAdmin('GET', `/api/admin/users?q=${mark.toUpperCase()}`);
      expect(all.statusCode).toBe(200);
      expect((all.json().users as { id: number }[]).map((u) => u.id)).toEqual(made.map((u) => u.user.id).reverse());
      const studios = await asAdmin('GET', `/api/admin/users?q=${mark}&userType=studio`);
      expect((studios.json().users as { id: number }[]).map((u) => u.id)).toEqual([made[2]?.user.id]);
      // 50 a page: more accounts than that page on with the cursor, each once.
      const seen = new Set<number>();
      let cursor: string | null = null;
      let total = 0;
      do {
        const page: LightMyRequestResponse = await asAdmin('GET', `/api/admin/users${cursor ? `?cursor=${cursor}` : ''}`);
        expect(page.statusCode).toBe(200);
        for (const u of page.json().users as { id: number }[]) seen.add(u.id);
        total += page.json().users.length;
        cursor = page.json().nextCursor;
      } while (cursor);
      expect(seen.size).toBe(total);
      expect(seen.has(people.admin.user.id)).toBe(true);
    });

    it('answers 400 for bad filters and cursors, 404 for an unknown id', async () => {
      expect((await asAdmin('GET', '/api/admin/users?role=king')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/admin/users?status=sleeping')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/admin/users?cursor=not-a-cursor')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/admin/users/abc')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/admin/users/99999999')).statusCode).toBe(404);
      expect((await asAdmin('GET', '/api/admin/users/99999999999')).statusCode).toBe(404);
    });

    it('shows a user with counts, status, notes and the audit entries about them', async () => {
      const user = await createUser(t.app);
      expect((await asAdmin('POST', `/api/admin/users/${user.user.id}/notes`, { body: 'Asked about refunds twice.' })).statusCode).toBe(201);
      const res = await asAdmin('GET', `/api/admin/users/${user.user.id}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json().user;
      expect(detail).toMatchObject({ id: user.user.id, role: 'user', suspension: null, counts: { listings: 0, galleryImages: 0, warnings: 0 } });
      expect(detail.notes).toEqual([expect.objectContaining({ body: 'Asked about refunds twice.', admin: { id: people.admin.user.id, username: people.admin.user.username } })]);
      expect(detail.audit).toEqual([expect.objectContaining({ action: 'user.note' })]);
      expect(detail).not.toHaveProperty('passwordHash');
    });
  });

  describe('mutations', () => {
    it('answers 400 for bad input and 404 for an unknown user, writing no audit entry', async () => {
      const user = await createUser(t.app);
      const id = user.user.id;
      const bad: [Method, string, object][] = [
        ['POST', `/api/admin/users/${id}/suspend`, { reason: 'abc' }],
        ['POST', `/api/admin/users/${id}/suspend`, { reason: 'x'.repeat(501) }],
        ['POST', `/api/admin/users/${id}/suspend`, { reason: 'Long enough', until: 'tomorrow' }],
        ['POST', `/api/admin/users/${id}/suspend`, { reason: 'Long enough', until: '2001-01-01T00:00:00Z' }],
        ['POST', `/api/admin/users/${id}/role`, { role: 'king', password: people.admin.password }],
        ['POST', `/api/admin/users/${id}/role`, { role: 'admin' }],
        ['POST', `/api/admin/users/${id}/warn`, {}],
        ['POST', `/api/admin/users/${id}/notes`, { body: '   ' }],
        ['POST', `/api/admin/users/${id}/notes`, { body: 'x'.repeat(2001) }],
        ['DELETE', `/api/admin/users/${id}`, { reason: 'Long enough' }],
      ];
      for (const [method, url, payload] of bad) expect((await asAdmin(method, url, payload)).statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      const missing: [Method, string, object][] = [
        ['POST', '/api/admin/users/99999999/suspend', { reason: 'Spam everywhere' }],
        ['POST', '/api/admin/users/99999999/unsuspend', {}],
        ['POST', '/api/admin/users/99999999/role', { role: 'admin', password: people.admin.password }],
        ['POST', '/api/admin/users/99999999/warn', { reason: 'Please be kind' }],
        ['POST', '/api/admin/users/99999999/notes', { body: 'Watch this one' }],
        ['DELETE', '/api/admin/users/99999999', { reason: 'Asked to leave', password: people.admin.password }],
      ];
      for (const [method, url, payload] of missing) expect((await asAdmin(method, url, payload)).statusCode, url).toBe(404);
      expect(await auditAbout(id)).toEqual([]);
      expect(await auditAbout(99999999)).toEqual([]);
    });

    it('refuses acting on oneself, a wrong own password and needless changes, writing nothing', async () => {
      const me = people.admin.user.id;
      expect((await asAdmin('POST', `/api/admin/users/${me}/suspend`, { reason: 'Testing myself' })).statusCode).toBe(409);
      expect((await asAdmin('POST', `/api/admin/users/${me}/role`, { role: 'user', password: people.admin.password })).statusCode).toBe(409);
      expect((await asAdmin('DELETE', `/api/admin/users/${me}`, { reason: 'Testing myself', password: people.admin.password })).statusCode).toBe(409);
      const user = await createUser(t.app);
      const id = user.user.id;
      expect((await asAdmin('POST', `/api/admin/users/${id}/role`, { role: 'admin', password: 'Wrong!Passwort9' })).statusCode).toBe(403);
      expect((await asAdmin('DELETE', `/api/admin/users/${id}`, { reason: 'Asked to leave', password: 'Wrong!Passwort9' })).statusCode).toBe(403);
      expect((await asAdmin('POST', `/api/admin/users/${id}/role`, { role: 'user', password: people.admin.password })).statusCode).toBe(409);
      expect((await asAdmin('POST', `/api/admin/users/${id}/unsuspend`, {})).statusCode).toBe(409);
      expect(await auditAbout(me)).toEqual([]);
      expect(await auditAbout(id)).toEqual([]);
      expect((await login(user)).statusCode).toBe(200);
    });

    it('changes a role with the own password, one audit entry each', async () => {
      const user = await createUser(t.app);
      const id = user.user.id;
      const up = await asAdmin('POST', `/api/admin/users/${id}/role`, { role: 'admin', password: people.admin.password, reason: 'Joins the team' });
      expect(up.statusCode).toBe(200);
      expect(up.json().user.role).toBe('admin');
      expect((await call('GET', '/api/admin/check', { as: user })).statusCode).toBe(200);
      expect((await asAdmin('POST', `/api/admin/users/${id}/role`, { role: 'user', password: people.admin.password })).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/check', { as: user })).statusCode).toBe(403);
      expect((await auditAbout(id)).map((a) => a.action)).toEqual(['user.role', 'user.role']);
    });

    it('warns a user by mail and keeps the warning', async () => {
      const user = await createUser(t.app);
      const res = await asAdmin('POST', `/api/admin/users/${user.user.id}/warn`, { reason: 'Please stop sending the same message to everyone.' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.counts.warnings).toBe(1);
      expect(res.json().user.warnings[0].reason).toBe('Please stop sending the same message to everyone.');
      expect((await auditAbout(user.user.id)).map((a) => a.action)).toEqual(['user.warn']);
      // The mail was written with the warning and leaves through the outbox.
      await t.app.ctx.outbox.drain();
      expect(mailsTo(t.config.dataDir, user.email).filter((m) => m.includes('Please stop sending the same message to everyone.'))).toHaveLength(1);
    });

    it('deletes an account with the admin password, once', async () => {
      const user = await createUser(t.app);
      const id = user.user.id;
      const res = await asAdmin('DELETE', `/api/admin/users/${id}`, { reason: 'Asked to be removed', password: people.admin.password });
      expect(res.statusCode).toBe(200);
      expect(await t.app.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await auditAbout(id)).map((a) => [a.action, a.reason])).toEqual([['user.delete', 'Asked to be removed']]);
      expect((await call('GET', '/api/auth/me', { as: user })).json().user ?? null).toBeNull();
      expect((await asAdmin('DELETE', `/api/admin/users/${id}`, { reason: 'Asked to be removed', password: people.admin.password })).statusCode).toBe(404);
      expect(await auditAbout(id)).toHaveLength(1);
    });
  });

  describe('suspension', () => {
    it('ends the sessions, refuses the login after a right password only, and hides the user', async () => {
      const user = await createUser(t.app, { userType: 'artist' });
      const other = await createUser(t.app, { userType: 'studio' });
      const id = user.user.id;
      await givePicture(t.app, user);
      await givePicture(t.app, user, 'work');
      const title = `Suspended availability ${Math.random().toString(36).slice(2, 8)}`;
      const listing = await createAvailability(t.app, user, { title });
      const profileUrl = `/api/users/${id}/profile`;
      expect((await call('GET', profileUrl)).statusCode).toBe(200);
      expect((await call('GET', '/api/artists')).body).toContain(user.user.username);
      expect((await call('GET', '/api/artist-availability')).body).toContain(title);

      const res = await asAdmin('POST', `/api/admin/users/${id}/suspend`, { reason: 'Spam in many conversations' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.suspension).toMatchObject({ until: null, reason: 'Spam in many conversations' });
      expect((await call('POST', `/api/admin/users/${id}/suspend`, { as: people.admin, payload: { reason: 'Spam again and again' } })).statusCode).toBe(409);

      // The old session is gone.
      const me = await call('GET', '/api/auth/me', { as: user });
      expect(me.json().user ?? null).toBeNull();
      // A wrong password gets the ordinary answer; the right one learns of the suspension.
      const wrong = await login(user, 'Wrong!Passwort9');
      expect(wrong.statusCode).toBe(401);
      const right = await login(user);
      expect(right.statusCode).toBe(403);
      expect(right.json().error).toBe('This account is suspended.');
      expect((await login(user, user.password, 'de')).json().error).toBe('Dieses Konto ist gesperrt.');

      expect((await call('GET', profileUrl)).statusCode).toBe(404);
      expect((await call('GET', `/api/profile/${user.user.username}`)).statusCode).toBe(404);
      expect((await call('GET', '/api/artists')).body).not.toContain(user.user.username);
      expect((await call('GET', '/api/artist-availability')).body).not.toContain(title);
      expect((await call('GET', `/api/artist-availability/by-slug/${listing.slug}`)).statusCode).toBe(404);
      expect((await call('GET', '/api/gallery')).body).not.toContain(`/uploads/gallery/${id}/`);

      const message = await call('POST', '/api/messages', { as: other, payload: { recipient_id: id, content: 'Hello, are you free in May?' } });
      expect(message.statusCode).toBe(403);
      expect(message.json().error).toBe('You can’t message this user.');

      const lifted = await asAdmin('POST', `/api/admin/users/${id}/unsuspend`, { reason: 'Talked it through' });
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json().user.suspension).toBeNull();
      expect((await login(user)).statusCode).toBe(200);
      expect((await call('GET', profileUrl)).statusCode).toBe(200);
      expect((await call('GET', '/api/artist-availability')).body).toContain(title);
      expect((await auditAbout(id)).map((a) => a.action)).toEqual(['user.suspend', 'user.unsuspend']);
    });

    it('tells the date of a suspension with an end', async () => {
      const user = await createUser(t.app);
      const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
      expect((await asAdmin('POST', `/api/admin/users/${user.user.id}/suspend`, { reason: 'Cooling off period', until })).statusCode).toBe(200);
      const right = await login(user);
      expect(right.statusCode).toBe(403);
      expect(right.json().error).toBe(`This account is suspended until ${until.slice(0, 10)}.`);
      // Once the end has passed the account is usable without any write.
      await t.app.ctx.db.updateTable('users').set({ suspended_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', user.user.id).execute();
      const again = await login(user);
      expect(again.statusCode).toBe(200);
      expect((await call('GET', '/api/auth/me', { as: { ...user, cookie: sessionCookie(again) } })).json().user.id).toBe(user.user.id);
    });
  });

  if (engine === 'postgres') {
    describe('under parallel requests', () => {
      it('keeps suspension and audit consistent through 50 parallel suspends and unsuspends', async () => {
        const user = await createUser(t.app);
        const id = user.user.id;
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i % 2 === 0
              ? asAdmin('POST', `/api/admin/users/${id}/suspend`, { reason: 'Parallel suspension' })
              : asAdmin('POST', `/api/admin/users/${id}/unsuspend`, {}),
          ),
        );
        for (const a of answers) expect([200, 409]).toContain(a.statusCode);
        const ok = answers.map((a, i) => ({ ok: a.statusCode === 200, suspend: i % 2 === 0 })).filter((a) => a.ok);
        const suspends = ok.filter((a) => a.suspend).length;
        const unsuspends = ok.length - suspends;
        const audit = await auditAbout(id);
        expect(audit.filter((a) => a.action === 'user.suspend')).toHaveLength(suspends);
        expect(audit.filter((a) => a.action === 'user.unsuspend')).toHaveLength(unsuspends);
        // The successes alternate, starting from not suspended: the state follows the last one.
        expect(audit.map((a) => a.action)).toEqual(audit.map((_, i) => (i % 2 === 0 ? 'user.suspend' : 'user.unsuspend')));
        const row = await t.app.ctx.db.selectFrom('users').select('suspended_at').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.suspended_at !== null).toBe(suspends > unsuspends);
        const sessions = await t.app.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
        expect(sessions).toEqual([]);
      });

      it('keeps an admin through 50 parallel demotions', async () => {
        // Ten admins in a ring, each demoting the next five times at once: each admin stays
        // under the own-password check's attempt limit, so every request reaches the locks.
        const ring: TestUser[] = [];
        for (let i = 0; i < 10; i++) ring.push(await createUser(t.app));
        await t.app.ctx.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
        for (const admin of ring) await makeAdmin(t.app, admin);
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const actor = ring[i % 10] as TestUser;
            const target = ring[(i + 1) % 10] as TestUser;
            return call('POST', `/api/admin/users/${target.user.id}/role`, { as: actor, payload: { role: 'user', password: actor.password } });
          }),
        );
        for (const r of answers) expect([200, 403, 409], r.body).toContain(r.statusCode);
        const ok = answers.filter((r) => r.statusCode === 200).length;
        const admins = await t.app.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
        expect(admins.length).toBeGreaterThanOrEqual(1);
        expect(admins.length).toBe(10 - ok);
        const ids = ring.map((u) => String(u.user.id));
        const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select('id').where('action', '=', 'user.role').where('target_id', 'in', ids).execute();
        expect(audit).toHaveLength(ok);
        // Whoever is left cannot demote themselves.
        const last = ring.find((u) => u.user.id === admins[0]?.id) as TestUser;
        expect((await call('POST', `/api/admin/users/${last.user.id}/role`, { as: last, payload: { role: 'user', password: last.password } })).statusCode).toBe(409);
        await makeAdmin(t.app, people.admin);
      });
    });
  }
});
