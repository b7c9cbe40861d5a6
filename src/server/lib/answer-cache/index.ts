import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { EventBus, EventLog } from '../events/index';
import { eventBusChannel } from './bus-channel';
import type { TagChannel } from './channel';
import { createRedisTagChannel } from './redis-channel';

export { createAnswerCache, type AnswerCache, type AnswerSource, type StoredAnswer } from './bytes';
export { createInvalidation, noInvalidation, type Invalidatable, type Invalidation } from './invalidation';
export { ALL, sessionTag, tags, userOfSessionTag, userOfTag } from './tags';
export type { TagChannel } from './channel';
export { answerCacheStats, resetAnswerCacheStats, type CacheStats, type KindStats } from './stats';

/** One Redis channel per database, so deployments sharing a Redis never clear each other's caches. */
function redisChannelName(database: Config['database']): string {
  const where = database.kind === 'postgres' ? `${database.url}#${database.schema ?? ''}` : database.file;
  return `tgs:cache-tags:${createHash('sha256').update(where).digest('hex').slice(0, 16)}`;
}

/** Redis pub/sub when REDIS_URL is set, the events bus otherwise (LISTEN/NOTIFY on PostgreSQL). */
export function createTagChannel(config: Pick<Config, 'redisUrl' | 'database'>, events: EventBus, log: EventLog): TagChannel {
  if (config.redisUrl) return createRedisTagChannel({ url: config.redisUrl, channel: redisChannelName(config.database), log });
  return eventBusChannel(events);
}
