import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from './test/app';
import { createUser } from './test/factories';
import { makeAdmin } from './test/listing-factories';
import { problemsOf } from './test/fuzz/check';
import { describeReport, fuzzApp } from './test/fuzz/index';
import type { FuzzRequest } from './test/fuzz/requests';

// A fixed seed keeps `npm test` repeatable; `npm run fuzz` draws new ones (FUZZ_SEED to replay).
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const MIN_PER_ROUTE = 30;

describeEachEngine('fuzzing every route', (engine) => {
  const t = useTestApp(engine, undefined, { LOG_LEVEL: 'fatal' });

  it(`answers ${REQUESTS} bad requests with 4xx in the request's language, never 5xx, and leaves the database whole`, { timeout: 240_000 }, async () => {
    const report = await fuzzApp(t.app, { seed: SEED, requests: REQUESTS, minPerRoute: MIN_PER_ROUTE });
    const summary = describeReport(report);
    expect(report.undeclared, summary).toEqual([]);
    expect(report.failures, summary).toEqual([]);
    expect(report.databaseProblems, summary).toEqual([]);
    expect(report.sent).toBeGreaterThanOrEqual(REQUESTS);
    const declared = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    for (const route of declared) expect(report.perRoute.get(route) ?? 0, route).toBeGreaterThanOrEqual(MIN_PER_ROUTE);
  });
});

describeEachEngine('what the fuzzer found', (engine) => {
  const t = useTestApp(engine, undefined, { LOG_LEVEL: 'fatal' });
  const forged = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

  it('answers URLs the router cannot read in the request language, and long upload keys with 404', async () => {
    for (const url of ['/api/messages/%ZZ', `/api/forum/unsubscribe/${'9'.repeat(400)}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ success: false, code: 'validation', error: 'Bitte überprüfe deine Eingaben.' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'9'.repeat(300)}` })).statusCode).toBe(404);
  });

  it('refuses forged cursors that carry ids past the columns or NUL with 400', async () => {
    const admin = await makeAdmin(t.app, await createUser(t.app));
    const cases: [string, string][] = [
      ['/api/map/cities/1?cursor=g_2026-01-01_4926721692', 'cursorInvalid'],
      [`/api/search?q=tattoo&cursor=${forged([0, '2026-01-01T00:00:00.000Z', 4_926_721_692])}`, 'cursorInvalid'],
      [`/api/search?q=tattoo&cursor=${forged([0, 'a\u0000b', 1])}`, 'cursorInvalid'],
      [`/api/admin/instagram/requests?cursor=${forged(['2026-01-01T00:00:00.000Z', 4_926_721_692])}`, 'adminCursorInvalid'],
      [`/api/admin/featured?cursor=${forged(['a\u0000b', 1])}`, 'adminCursorInvalid'],
      [`/api/admin/users?cursor=${forged('2026-01-01T00:00:00.000Z|4926721692')}`, 'cursorInvalid'],
      ['/api/blocks?cursor=2026-01-01T00:00:00.000Z_4926721692', 'validation'],
    ];
    for (const [url, code] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code });
    }
  });
});

const german: FuzzRequest = { route: 'POST /api/x', method: 'POST', url: '/api/x', headers: {}, persona: 'visitor', lang: 'de', label: 'valid' };
const json = (body: object) => ({ contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

it('the checks catch what the fuzzer looks for', () => {
  expect(problemsOf(german, { status: 400, ...json({ error: 'Bitte überprüfe deine Eingaben.', code: 'validation' }) })).toEqual([]);
  expect(problemsOf(german, { status: 201, ...json({ success: true }) })).toEqual([]);
  // English where German has its own text; Fastify's own answer; zod's wording; an empty error.
  expect(problemsOf(german, { status: 400, ...json({ error: 'Please check your input.' }) })).toHaveLength(1);
  expect(problemsOf(german, { status: 400, ...json({ error: 'Bad Request', code: 'FST_ERR_BAD_URL' }) })).toHaveLength(1);
  expect(problemsOf(german, { status: 400, ...json({ error: 'Invalid input: expected string, received number' }) }).length).toBeGreaterThan(0);
  expect(problemsOf(german, { status: 404, ...json({ error: '' }) })).toHaveLength(1);
  expect(problemsOf(german, { status: 400, contentType: 'text/plain', body: 'nope' })).toHaveLength(1);
  expect(problemsOf(german, { status: 500, ...json({ error: 'Ein unerwarteter Fehler ist aufgetreten.' }) })).toContain('status 500');
  // A stack trace or the database's own words, in any answer.
  expect(problemsOf(german, { status: 200, contentType: 'text/plain', body: 'Error: x\n    at run (/srv/app/src/server/app.ts:10:5)' }).length).toBeGreaterThan(0);
  expect(problemsOf(german, { status: 200, ...json({ detail: 'SqliteError: UNIQUE constraint failed: users.email' }) }).length).toBeGreaterThan(0);
  expect(problemsOf(german, { status: 409, ...json({ error: 'duplicate key value violates unique constraint "users_email_key"' }) }).length).toBeGreaterThan(0);
});
