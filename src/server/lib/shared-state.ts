import { ConfigError, type Config, type SharedStateKind } from '../config';

/**
 * Where the live events (EVENTS) or the rate limits (RATE_LIMIT_STORE) of a deployment live:
 * as set, else Redis when REDIS_URL is set, else the PostgreSQL database, else this process.
 * Decided when the context is built, from the database it really uses (a test picks its schema
 * after loading the config); a setting the database cannot honour is refused as at start.
 */
export function sharedStateKind(
  config: Pick<Config, 'redisUrl' | 'database'>,
  setting: 'EVENTS' | 'RATE_LIMIT_STORE',
  chosen: SharedStateKind | undefined,
): SharedStateKind {
  const kind = chosen ?? (config.redisUrl ? 'redis' : config.database.kind === 'postgres' ? 'postgres' : 'memory');
  if (kind === 'redis' && !config.redisUrl) throw new ConfigError([`${setting}: redis needs REDIS_URL (got "${kind}")`]);
  if (kind === 'postgres' && config.database.kind !== 'postgres') {
    throw new ConfigError([`${setting}: postgres needs DATABASE_URL to name a PostgreSQL database (got "${kind}")`]);
  }
  return kind;
}
