import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../config';
import { LIMITS } from '../modules/auth/index';
import { createTestApp, describeEachEngine, type TestApp } from '../test/app';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    [' 2 ', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,loopback', ['127.0.0.1', '10.0.0.0/8', 'loopback']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['yes', 'proxy.example.com', '10.0.0.0/8,*'])('refuses %j at start with a line naming the setting', (value) => {
    expect(parseTrustProxy(value)).toBeInstanceOf(Error);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('is off by default, in production too', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp', PUBLIC_URL: 'https://x.example', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.trustProxy).toBe(false);
  });
});

describeEachEngine('per-address limits behind proxies', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // Registration answers emailTaken (the spec names it), so probing for accounts must be limited per real client.
  const probe = (app: TestApp['app'], i: number, headers: Record<string, string>, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      headers,
      payload: { email: `probe${i}@example.test`, username: `probe ${i}`, password: 'Probe!Pass1', userType: 'artist' },
    });
  /** The status of one probe past the per-address limit, each with the forwarded header `forwarded(i)`. */
  const probeToLimit = async (app: TestApp['app'], forwarded: (i: number) => string, remoteAddress: string) => {
    const answers = [];
    for (let i = 0; i <= LIMITS.registerIp.max; i++) {
      answers.push((await probe(app, i, { 'x-forwarded-for': forwarded(i) }, remoteAddress)).statusCode);
    }
    return answers;
  };

  it('ignores a forged X-Forwarded-For in production when no proxy is trusted', async () => {
    t = await createTestApp(engine, { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), LOG_LEVEL: 'silent' });
    const answers = await probeToLimit(t.app, (i) => `203.0.113.${i}`, '198.51.100.7');
    expect(answers.slice(0, LIMITS.registerIp.max).every((s) => s === 201)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('takes the address the trusted proxy saw, not the leftmost one a client can forge', async () => {
    t = await createTestApp(engine, { TRUST_PROXY: '127.0.0.1' });
    const answers = await probeToLimit(t.app, (i) => `203.0.113.${i}, 198.51.100.9`, '127.0.0.1');
    expect(answers.at(-1)).toBe(429);
    // Clients behind the proxy are told apart by the address it names.
    expect((await probe(t.app, 99, { 'x-forwarded-for': '198.51.100.10' }, '127.0.0.1')).statusCode).toBe(201);
    // A client that is not the proxy cannot name an address at all.
    expect((await probe(t.app, 98, { 'x-forwarded-for': '198.51.100.10' }, '198.51.100.9')).statusCode).toBe(429);
  });

  it('with a hop count, takes the address the last trusted hop saw', async () => {
    t = await createTestApp(engine, { TRUST_PROXY: '1' });
    const answers = await probeToLimit(t.app, (i) => `203.0.113.${i}, 198.51.100.12`, '10.0.0.2');
    expect(answers.at(-1)).toBe(429);
    expect((await probe(t.app, 99, { 'x-forwarded-for': '203.0.113.1, 198.51.100.13' }, '10.0.0.2')).statusCode).toBe(201);
  });
});
