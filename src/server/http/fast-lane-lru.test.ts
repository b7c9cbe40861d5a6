import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAnswerCache, type AnswerCache, type StoredAnswer } from '../lib/answer-cache/bytes';
import { answerCacheStats } from '../lib/answer-cache/stats';
import { createFastLane } from './fast-lane';

/** What remember() reads of a Fastify request a visitor sent. */
function visitorRequest(url: string, answers: AnswerCache): FastifyRequest {
  return { method: 'GET', url, raw: { url }, lang: 'en', headers: {}, server: { ctx: { answers } } } as unknown as FastifyRequest;
}

/** A visitor's GET as node:http hands it over, and a response that records what was sent. */
function exchange(url: string) {
  const sent: { body?: Buffer } = {};
  const req = { method: 'GET', url, headers: { 'accept-language': 'en' } } as unknown as IncomingMessage;
  const res = {
    statusCode: 200,
    setHeader: () => undefined,
    end(body?: Buffer) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { req, res, sent };
}

describe('the fast lane and the answer cache’s order', () => {
  it('counts a fast-lane hit as a use: the answer it keeps serving is not the one evicted', async () => {
    const answers = createAnswerCache({ ttlMs: 60_000, maxEntries: 3, name: 'lru-test' });
    const lane = createFastLane();
    const stored: Record<string, StoredAnswer> = {};
    for (const name of ['hot', 'warm', 'cold']) {
      stored[name] = await answers.get(`lru:${name}`, [], () => Promise.resolve(JSON.stringify({ name })));
      lane.remember(visitorRequest(`/${name}`, answers), stored[name] as StoredAnswer, { 'content-type': 'application/json' });
    }
    const before = answerCacheStats()['fast-lane']?.visitors?.hits ?? 0;
    // The oldest entry in the cache is the one the lane serves all the time.
    for (let i = 0; i < 5; i++) {
      const { req, res, sent } = exchange('/hot');
      expect(lane.serve(req, res)).toBe(true);
      expect(sent.body?.toString()).toBe('{"name":"hot"}');
    }
    await answers.get('lru:new', [], () => Promise.resolve('{}'));
    // The least recently used went: the entry nobody read since it was stored first after it.
    expect(answers.use('lru:hot')).toBe(stored.hot);
    expect(answers.use('lru:warm')).toBeUndefined();
    expect(answers.stats()).toEqual({ lru: { hits: 6, misses: 4, evictions: 1 } });
    expect((answerCacheStats()['fast-lane']?.visitors?.hits ?? 0) - before).toBe(5);
    // The evicted answer is no longer sent from the lane either.
    const { req, res } = exchange('/warm');
    expect(lane.serve(req, res)).toBe(false);
    expect(lane.size).toBe(2);
  });
});
