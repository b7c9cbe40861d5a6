import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from './index';
import { createPeerApp, createTestApp, engines, type Engine, type TestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { failMissing, gate, redisHint, redisReachable, servicesRequired, TEST_REDIS_URL } from '../../test/services';

const redis = { what: `Redis at ${TEST_REDIS_URL}`, available: await redisReachable(), required: servicesRequired, hint: redisHint };

const PROXY = '127.0.0.1';
let probes = 0;

/** A failed login for `user`, through the balancer at PROXY for the client `client`. */
const failLogin = (app: FastifyInstance, user: TestUser, client = '198.51.100.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
    payload: { email: user.email, password: 'Falsch!Passwort9' },
  });

/** A registration from `client`, through the balancer or straight from `remoteAddress`. */
const register = (app: FastifyInstance, client: string, remoteAddress = PROXY) => {
  const n = `${process.pid}x${++probes}x${randomUUID().slice(0, 4)}`;
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    headers: { 'x-forwarded-for': client },
    payload: { email: `probe${n}@example.test`, username: `probe ${n}`.slice(0, 30), password: 'Probe!Pass1', userType: 'artist' },
  });
};

// Each shared store on each engine it runs on: the table only on PostgreSQL, Redis on both.
const cases: [Engine, 'postgres' | 'redis', 'run' | 'skip' | 'fail'][] = [
  ...engines.filter((e) => e === 'postgres').map((e): [Engine, 'postgres', 'run'] => [e, 'postgres', 'run']),
  ...engines.map((e): [Engine, 'redis', 'run' | 'skip' | 'fail'] => [e, 'redis', gate(redis)]),
];

describe.each(cases)('limits shared by two processes [%s, RATE_LIMIT_STORE=%s]', (engine, store, action) => {
  if (action === 'fail') return failMissing(redis);
  if (action === 'skip') return it.skip('needs Redis');

  const prefix = `tgs-test-${process.pid}-${randomUUID().slice(0, 8)}`;
  let a: TestApp;
  let b: FastifyInstance;
  const others: FastifyInstance[] = [];
  beforeAll(async () => {
    const settings: Record<string, string> = store === 'redis' ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, EVENTS: 'memory' } : {};
    a = await createTestApp(engine, { RATE_LIMIT_STORE: store, TRUST_PROXY: PROXY, ...settings });
    b = await createPeerApp(a);
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await b?.close();
    await a?.close();
  });

  it('refuses failed logins alternating between the processes at the count one process would', async () => {
    const user = await createArtist(a.app);
    const answers: number[] = [];
    for (let i = 0; i <= LIMITS.loginAccount.max; i++) answers.push((await failLogin(i % 2 ? b : a.app, user)).statusCode);
    expect(answers.slice(0, LIMITS.loginAccount.max).every((s) => s === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('keys on the address the trusted balancer names, never on one a client names itself', async () => {
    const client = `203.0.113.${10 + Math.floor(Math.random() * 200)}`;
    const answers: number[] = [];
    for (let i = 0; i <= LIMITS.registerIp.max; i++) answers.push((await register(i % 2 ? b : a.app, client)).statusCode);
    expect(answers.slice(0, LIMITS.registerIp.max).every((s) => s === 201)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another client behind the balancer has its own count.
    expect((await register(b, '203.0.113.250')).statusCode).toBe(201);
    // A caller that is not the balancer cannot borrow the refused client's address, nor be refused for it.
    expect((await register(b, client, '192.0.2.77')).statusCode).toBe(201);
  });

  if (store === 'redis') {
    it('shares counts with processes of the same REDIS_PREFIX only', async () => {
      const user = await createArtist(a.app);
      for (let i = 0; i < LIMITS.loginAccount.max; i++) expect((await failLogin(a.app, user)).statusCode).toBe(401);
      const same = await createPeerApp({ config: { ...a.config, redisPrefix: prefix } });
      const elsewhere = await createPeerApp({ config: { ...a.config, redisPrefix: `${prefix}-other` } });
      others.push(same, elsewhere);
      expect((await failLogin(same, user)).statusCode).toBe(429);
      expect((await failLogin(elsewhere, user)).statusCode).toBe(401);
    });
  }
});

describe.each(engines)('a rate-limit store that fails [%s]', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets ordinary limits through with a warning, while logins and resets count in the process', async () => {
    // Nothing listens on port 1: every command fails at once.
    t = await createTestApp(engine, { RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:1', EVENTS: 'memory', TRUST_PROXY: PROXY });
    const warn = vi.spyOn(t.app.log, 'warn');
    const registrations: number[] = [];
    for (let i = 0; i < LIMITS.registerIp.max + 2; i++) registrations.push((await register(t.app, '203.0.113.9')).statusCode);
    expect(registrations.every((s) => s === 201)).toBe(true);
    expect(warn.mock.calls.some(([, msg]) => typeof msg === 'string' && /rate limits: store failed/.test(msg))).toBe(true);

    const user = await createArtist(t.app);
    const logins: number[] = [];
    for (let i = 0; i <= LIMITS.loginAccount.max; i++) logins.push((await failLogin(t.app, user)).statusCode);
    expect(logins.slice(0, LIMITS.loginAccount.max).every((s) => s === 401)).toBe(true);
    expect(logins.at(-1)).toBe(429);

    const resets: number[] = [];
    for (let i = 0; i <= LIMITS.resetIp.max; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: PROXY, headers: { 'x-forwarded-for': '203.0.113.8' }, payload: { email: user.email } });
      resets.push(res.statusCode);
    }
    expect(resets.at(-1)).toBe(429);
    expect(resets.slice(0, LIMITS.resetIp.max).every((s) => s < 300)).toBe(true);
  });
});
