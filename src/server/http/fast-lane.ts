import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AnswerCache, StoredAnswer } from '../lib/answer-cache/bytes';
import { requestLanguage } from '../i18n';
import { accepts, matchesEtag } from './answers';

/** Addresses remembered at most; beyond it the least recently used go first. */
const MAX_ENTRIES = 2000;
/** Longer addresses are answered the ordinary way (a filter page, never a hot read). */
const MAX_URL = 512;

interface Lane {
  cache: AnswerCache;
  answer: StoredAnswer;
  /** Every header of the answer but its encoding and length, in the order Fastify wrote them. */
  headers: [string, string][];
}

export interface FastLane {
  /**
   * Answers a visitor's GET from memory when the same address in the same language was answered
   * from the answer cache before and that answer is still the one kept; true when it did.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Remembers a stored answer just sent to a visitor, with the headers the pipeline wrote. */
  remember(request: FastifyRequest, answer: StoredAnswer, headers: Record<string, string>): void;
  readonly size: number;
}

const laneKey = (lang: string, url: string) => `${lang} ${url}`;

/**
 * The hot reads of visitors (featured lists, styles, list pages, a profile, a rendered page) are
 * the same bytes for everyone. Once the full pipeline has answered one (language, security
 * headers, input guard, route, validation), the same request is answered here, before Fastify,
 * for as long as the answer cache keeps that answer: a write that clears its tags clears it
 * here too, since each use checks the cache. Only requests without cookies qualify (a cookie may
 * carry a session or a language), only GET, only addresses of bounded length.
 */
export function createFastLane(): FastLane {
  const lanes = new Map<string, Lane>();

  return {
    serve(req, res) {
      if (req.method !== 'GET' || req.headers.cookie !== undefined) return false;
      const url = req.url;
      if (!url || url.length > MAX_URL) return false;
      const key = laneKey(requestLanguage(req.headers), url);
      const lane = lanes.get(key);
      if (!lane) return false;
      const { answer } = lane;
      if (answer.key === undefined || lane.cache.peek(answer.key) !== answer) {
        lanes.delete(key);
        return false;
      }
      for (const [name, value] of lane.headers) res.setHeader(name, value);
      if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      const ae = req.headers['accept-encoding'];
      let body = answer.body;
      if (answer.br && accepts(ae, 'br')) {
        res.setHeader('content-encoding', 'br');
        body = answer.br;
      } else if (answer.gzip && accepts(ae, 'gzip')) {
        res.setHeader('content-encoding', 'gzip');
        body = answer.gzip;
      }
      res.setHeader('content-length', body.length);
      res.statusCode = 200;
      res.end(body);
      return true;
    },

    remember(request, answer, headers) {
      if (answer.key === undefined || request.method !== 'GET' || request.headers.cookie !== undefined) return;
      const url = request.raw.url;
      if (!url || url.length > MAX_URL) return;
      const key = laneKey(request.lang, url);
      const cache = request.server.ctx.answers;
      const kept: [string, string][] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (name !== 'content-encoding' && name !== 'content-length') kept.push([name, value]);
      }
      lanes.delete(key);
      lanes.set(key, { cache, answer, headers: kept });
      if (lanes.size > MAX_ENTRIES) lanes.delete(lanes.keys().next().value as string);
    },

    get size() {
      return lanes.size;
    },
  };
}
