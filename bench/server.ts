import { answerCacheStats } from '../src/server/lib/answer-cache/index';

/**
 * The app as `npm start` runs it, forked by bench/run.ts with an IPC channel: asked with
 * 'cache-stats', it answers the process's cache counters (hits, misses and evictions by cache
 * and kind), which live in the server's memory and have no route.
 */
process.on('message', (message) => {
  if (message === 'cache-stats') process.send?.({ cacheStats: answerCacheStats() });
});

await import('../src/server/main');
