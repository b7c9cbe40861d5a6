import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { writeAudit } from '../../db/audit-log';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { usePeople } from '../../test/people';

/** A route of Fastify's table: its method and its path pattern. */
interface TableRoute {
  method: string;
  path: string;
}

const BRANCH = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/;
const METHODS = / \(([A-Z, ]+)\)/;

/**
 * Every route Fastify knows, read from its printed tree: each line is a node whose label
 * continues its parent's path, with the node's methods in brackets; a node that answers under
 * several constraints repeats its methods on lines of their own.
 */
function routeTable(app: FastifyInstance): TableRoute[] {
  const routes: TableRoute[] = [];
  const labels: string[] = [];
  let current = '';
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = BRANCH.exec(line);
    const text = branch ? (branch[2] as string) : line;
    if (branch) {
      const depth = (branch[1] as string).length / 4;
      labels.length = depth;
      labels.push(text.replace(/ \(.*$/, ''));
      current = labels.join('');
    }
    const methods = METHODS.exec(text)?.[1];
    if (!methods) continue;
    for (const method of methods.split(', ')) routes.push({ method, path: current });
  }
  return routes;
}

/** A path of the table with something in each parameter, so the request reaches the route. */
const concrete = (path: string) => path.replace(/:[^/|]+(\|:[^/]+)*/g, '1').replace(/\*$/, 'x');

describeEachEngine('admin area: guard, check, summary, audit log', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', people.admin.user.id).execute();
  });

  const call = (method: string, url: string, as?: TestUser, lang = 'en') =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'accept-language': lang, ...(as ? { cookie: as.cookie } : {}) },
      ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
    });

  it('guards every route under /api/admin/: a visitor gets 401, an artist and a studio 403', async () => {
    const routes = routeTable(t.app).filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    // The table is really read: the foundation's own routes are in it.
    expect(routes).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/admin/check' }, { method: 'GET', path: '/api/admin/audit-log' }]));
    const wrong: string[] = [];
    for (const route of routes) {
      const url = concrete(route.path);
      const answers = [
        [await call(route.method, url), 401],
        [await call(route.method, url, people.artist), 403],
        [await call(route.method, url, people.studio), 403],
      ] as const;
      for (const [res, want] of answers) {
        const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
        if (res.statusCode !== want || body.success !== false || typeof body.error !== 'string') {
          wrong.push(`${route.method} ${route.path}: ${res.statusCode} (want ${want}) ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the audit log append only: no route changes or deletes an entry', () => {
    const writes = routeTable(t.app).filter((r) => r.path.startsWith('/api/admin/audit') && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes).toEqual([]);
  });

  it('answers the check: 200 to an admin, 401 and 403 to others in their language', async () => {
    const admin = await call('GET', '/api/admin/check', people.admin);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ success: true });
    const visitor = await call('GET', '/api/admin/check', undefined, 'de');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, error: 'Bitte melde dich zuerst an.' });
    const artist = await call('GET', '/api/admin/check', people.artist, 'fr');
    expect(artist.statusCode).toBe(403);
    expect(artist.json()).toMatchObject({ success: false, error: 'Seuls les administrateurs peuvent faire cela.' });
  });

  it('reads the role from the database on each call: a demoted admin is refused at once', async () => {
    const other = await createArtist(t.app);
    const setRole = (role: string) => t.app.ctx.db.updateTable('users').set({ role }).where('id', '=', other.user.id).execute();
    await setRole('admin');
    expect((await call('GET', '/api/admin/check', other)).statusCode).toBe(200);
    await setRole('user');
    const demoted = await call('GET', '/api/admin/summary', other);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().error).toBe('Only administrators may do this.');
    // The session still answers with the role it was opened with; the guard does not trust it.
    await setRole('admin');
    expect((await call('GET', '/api/admin/check', other)).statusCode).toBe(200);
  });

  it('answers a deleted account still holding a session as a visitor', async () => {
    const gone = await createArtist(t.app);
    await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', gone.user.id).execute();
    expect((await call('GET', '/api/admin/check', gone)).statusCode).toBe(200);
    await t.app.ctx.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
    expect((await call('GET', '/api/admin/check', gone)).statusCode).toBe(401);
  });

  it('summarises the work waiting, with numbers for every badge', async () => {
    const before = (await call('GET', '/api/admin/summary', people.admin)).json();
    expect(Object.keys(before).sort()).toEqual(['featuredEndingSoon', 'imagesToReview', 'newContactMessages', 'openReports', 'promotionsDue']);
    for (const value of Object.values(before)) expect(value).toEqual(expect.any(Number));

    const db = t.app.ctx.db;
    const now = new Date();
    await db
      .insertInto('contact_messages')
      .values({ name: 'Ann', email: 'ann@example.test', subject: 'Hi', message: 'Hello there', language: 'en', user_id: null, created_at: now.toISOString() })
      .execute();
    const soon = new Date(now.getTime() + 2 * 24 * 3600_000).toISOString();
    const later = new Date(now.getTime() + 20 * 24 * 3600_000).toISOString();
    const [ending, lasting] = [await createStudio(t.app), await createArtist(t.app)];
    await db.updateTable('users').set({ featured_until: soon }).where('id', '=', ending.user.id).execute();
    await db.updateTable('users').set({ featured_until: later }).where('id', '=', lasting.user.id).execute();

    const after = (await call('GET', '/api/admin/summary', people.admin)).json();
    expect(after.newContactMessages).toBe(before.newContactMessages + 1);
    expect(after.featuredEndingSoon).toBe(before.featuredEndingSoon + 1);
  });

  it("counts the last seven days' registrations by type, today last", async () => {
    const before = (await call('GET', '/api/admin/registrations', people.admin)).json().days;
    expect(before).toHaveLength(7);
    await createStudio(t.app);
    const days = (await call('GET', '/api/admin/registrations', people.admin)).json().days as { date: string; artist: number; studio: number }[];
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    expect(days[6]).toMatchObject({ date: today, studio: (before[6].studio as number) + 1 });
    expect(days[6]?.artist).toBeGreaterThanOrEqual(2);
  });

  it('lists the audit log newest first, 50 a page, with filters and a cursor', async () => {
    const db = t.app.ctx.db;
    const admin = people.admin.user;
    for (let i = 1; i <= 55; i++) {
      await writeAudit(db, { adminId: admin.id, action: 'test.bulk', targetType: 'user', targetId: i, reason: `reason ${i}`, details: { before: { n: i - 1 }, after: { n: i } } });
    }
    await writeAudit(db, { adminId: admin.id, action: 'test.other', targetType: 'product', targetId: 'featured_artist', details: null });

    const first = await call('GET', '/api/admin/audit-log?action=test.bulk', people.admin);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.entries).toHaveLength(50);
    expect(page1.entries[0]).toEqual({
      id: expect.any(Number),
      admin: { id: admin.id, username: admin.username },
      action: 'test.bulk',
      targetType: 'user',
      targetId: '55',
      reason: 'reason 55',
      details: { before: { n: 54 }, after: { n: 55 } },
      createdAt: expect.any(String),
    });
    expect(page1.nextCursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));
    const page2 = (await call('GET', `/api/admin/audit-log?action=test.bulk&cursor=${page1.nextCursor}`, people.admin)).json();
    expect(page2.entries.map((e: { targetId: string }) => e.targetId)).toEqual(['5', '4', '3', '2', '1']);
    expect(page2.nextCursor).toBeNull();

    const byTarget = (await call('GET', '/api/admin/audit-log?targetType=product&targetId=featured_artist', people.admin)).json();
    expect(byTarget.entries.map((e: { action: string }) => e.action)).toEqual(['test.other']);
    const byAdmin = (await call('GET', `/api/admin/audit-log?adminId=${admin.id}&action=test.other`, people.admin)).json();
    expect(byAdmin.entries).toHaveLength(1);
    expect((await call('GET', `/api/admin/audit-log?adminId=${people.artist.user.id}`, people.admin)).json().entries).toEqual([]);
  });

  it('refuses bad filters and cursors with 400', async () => {
    for (const query of ['adminId=abc', 'adminId=-3', 'adminId=99999999999', 'action=drop%20table', 'targetType=User!', 'cursor=%24%24', `cursor=${Buffer.from('yesterday|1').toString('base64url')}`, 'action=a&action=b']) {
      const res = await call('GET', `/api/admin/audit-log?${query}`, people.admin, 'de');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success, query).toBe(false);
    }
  });

  it("keeps an entry whose admin is gone, without the admin's name", async () => {
    const leaving = await createArtist(t.app);
    await writeAudit(t.app.ctx.db, { adminId: leaving.user.id, action: 'test.gone', targetType: 'user', targetId: null });
    await t.app.ctx.db.deleteFrom('users').where('id', '=', leaving.user.id).execute();
    const entries = (await call('GET', '/api/admin/audit-log?action=test.gone', people.admin)).json().entries;
    expect(entries).toEqual([expect.objectContaining({ admin: null, targetId: null, details: null, reason: null })]);
  });

  it('serves the admin pages as the noindex shell, never rendered for the public, and sends unknown paths to /admin', async () => {
    for (const url of ['/admin', '/admin/users', '/admin/users/12', '/de/admin/statistics', '/admin/not-authorized']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const loggedIn = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: people.admin.cookie } });
    expect(loggedIn.body).toContain('<meta name="robots" content="noindex">');
    for (const [url, to] of [
      ['/admin/nothing-here', '/admin'],
      ['/admin/users/1/more', '/admin'],
      ['/fr/admin/not-authorized/x', '/fr/admin'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
  });
});
