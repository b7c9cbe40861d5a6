import type { EventBus } from '../events/index';
import { eventBusChannel } from './bus-channel';
import type { TagChannel } from './channel';

export { createAnswerCache, type AnswerCache, type AnswerSource, type StoredAnswer } from './bytes';
export { createInvalidation, noInvalidation, type Invalidatable, type Invalidation } from './invalidation';
export { ALL, sessionTag, tags, userOfSessionTag, userOfTag, userTagsIn } from './tags';
export type { TagChannel } from './channel';
export { answerCacheStats, resetAnswerCacheStats, type CacheStats, type KindStats } from './stats';

/**
 * Tags travel with the live events (EVENTS: Redis pub/sub or LISTEN/NOTIFY), on the deployment's
 * channel, so one link per process carries both and both recover together.
 */
export function createTagChannel(events: EventBus): TagChannel {
  return eventBusChannel(events);
}
