import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../config';
import { redisPrefixFor } from './redis/index';
import { sharedStateKind } from './shared-state';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tgs-shared-state' } as const;
const pgUrl = 'postgres://root@127.0.0.1:5432/shop';

describe('EVENTS and RATE_LIMIT_STORE', () => {
  it.each([
    [{}, 'memory'],
    [{ DATABASE_URL: pgUrl }, 'postgres'],
    [{ DATABASE_URL: pgUrl, REDIS_URL: 'redis://127.0.0.1:6379' }, 'redis'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'redis'],
    [{ DATABASE_URL: pgUrl, REDIS_URL: 'redis://127.0.0.1:6379', EVENTS: 'postgres', RATE_LIMIT_STORE: 'postgres' }, 'postgres'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379', EVENTS: 'memory', RATE_LIMIT_STORE: 'memory' }, 'memory'],
  ])('with %j: %s', (env, expected) => {
    const config = loadConfig({ ...base, ...env });
    expect(sharedStateKind(config, 'EVENTS', config.events)).toBe(expected);
    expect(sharedStateKind(config, 'RATE_LIMIT_STORE', config.rateLimitStore)).toBe(expected);
  });

  it.each([
    [{ EVENTS: 'redis' }, /EVENTS: redis needs REDIS_URL/],
    [{ RATE_LIMIT_STORE: 'redis', DATABASE_URL: pgUrl }, /RATE_LIMIT_STORE: redis needs REDIS_URL/],
    [{ EVENTS: 'postgres' }, /EVENTS: postgres needs DATABASE_URL to name a PostgreSQL database/],
    [{ RATE_LIMIT_STORE: 'postgres', DATABASE_URL: 'file:./x.db' }, /RATE_LIMIT_STORE: postgres needs/],
    [{ EVENTS: 'kafka' }, /EVENTS/],
    [{ REDIS_PREFIX: 'two words' }, /REDIS_PREFIX: must be 1-64 letters/],
  ])('refuses %j at start with a line naming the setting', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('refuses a setting the database in use cannot honour when the context is built', () => {
    const config: Pick<Config, 'redisUrl' | 'database'> = { database: { kind: 'sqlite', file: '/tmp/x.db' } };
    expect(() => sharedStateKind(config, 'EVENTS', 'postgres')).toThrow(ConfigError);
  });
});

describe('REDIS_PREFIX', () => {
  it('is taken as set, ending in a colon', () => {
    expect(redisPrefixFor({ redisPrefix: 'shop-live', database: { kind: 'sqlite', file: '/x/app.db' } })).toBe('shop-live:');
    expect(redisPrefixFor({ redisPrefix: 'shop:', database: { kind: 'sqlite', file: '/x/app.db' } })).toBe('shop:');
  });

  it('is named for the PostgreSQL database and schema by default', () => {
    expect(redisPrefixFor({ database: { kind: 'postgres', url: pgUrl } })).toBe('tgs:shop.public:');
    expect(redisPrefixFor({ database: { kind: 'postgres', url: pgUrl, schema: 'Staging' } })).toBe('tgs:shop.staging:');
  });

  it('is named for the SQLite file and its folder, since every deployment calls its file app.db', () => {
    const one = redisPrefixFor({ database: { kind: 'sqlite', file: '/srv/a/data/app.db' } });
    const two = redisPrefixFor({ database: { kind: 'sqlite', file: '/srv/b/data/app.db' } });
    expect(one).toMatch(/^tgs:app-[0-9a-f]{8}:$/);
    expect(one).not.toBe(two);
  });
});
