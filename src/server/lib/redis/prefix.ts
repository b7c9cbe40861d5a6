import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').slice(0, 40) || 'db';

/**
 * The start of every Redis key and channel of this deployment (rate limits, live events, cache
 * tags), so deployments sharing one Redis share nothing. REDIS_PREFIX, else named for the
 * database: PostgreSQL's database and schema (what tells two deployments of one server apart),
 * SQLite's file name with a short hash of its full path, since every SQLite deployment calls its
 * file app.db.
 */
export function redisPrefixFor(config: Pick<Config, 'redisPrefix' | 'database'>): string {
  if (config.redisPrefix) return config.redisPrefix.endsWith(':') ? config.redisPrefix : `${config.redisPrefix}:`;
  const db = config.database;
  if (db.kind === 'postgres') {
    const name = decodeURIComponent(new URL(db.url).pathname.replace(/^\//, '')) || 'postgres';
    return `tgs:${slug(name)}.${slug(db.schema ?? 'public')}:`;
  }
  const file = path.resolve(db.file);
  const hash = createHash('sha256').update(file).digest('hex').slice(0, 8);
  return `tgs:${slug(path.basename(file, path.extname(file)))}-${hash}:`;
}
