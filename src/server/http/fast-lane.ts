import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../common/constants';
import type { AnswerCache, StoredAnswer } from '../lib/answer-cache/bytes';
import { createStatsCounter } from '../lib/answer-cache/stats';
import type { Presence } from '../modules/events/index';
import { requestLanguage } from '../i18n';
import { codingFor, matchesEtag } from './answers';
import type { SessionCache } from './session-cache';

/** Addresses remembered at most, per lane; beyond it the least recently used go first. */
const MAX_ENTRIES = 2000;
/** Longer addresses are answered the ordinary way (a filter page, never a hot read). */
const MAX_URL = 512;
/** Logged-in readers remembered per address; past it others take the full pipeline. */
const MAX_MEMBERS = 10_000;

interface Lane {
  cache: AnswerCache;
  answer: StoredAnswer;
  /** Every header of the answer but its encoding, length and cookies, in the order Fastify wrote them. */
  headers: [string, string][];
}

interface MemberLane extends Lane {
  /** The logged-in readers the full pipeline sent this very answer to. */
  readers: Set<number>;
}

/** What the fast lane needs to serve logged-in readers: their sessions and their activity mark. */
export interface Members {
  sessions: Pick<SessionCache, 'peek'>;
  presence: Pick<Presence, 'touch'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface FastLane {
  /**
   * Answers a GET from memory when the same address in the same language was answered from the
   * answer cache before, to a visitor or to this logged-in reader, and that answer is still the
   * one kept; true when it did.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Remembers a stored answer just sent, with the headers the pipeline wrote. */
  remember(request: FastifyRequest, answer: StoredAnswer, headers: Record<string, string>): void;
  /** Lets logged-in readers in; until then only requests without cookies are served. */
  admitMembers(members: Members): void;
  readonly size: number;
}

const laneKey = (lang: string, url: string) => `${lang} ${url}`;

type LaneKind = 'visitors' | 'readers';

/** The session cookie's value as @fastify/cookie reads it (the first of that name), or undefined. */
export function sessionToken(cookieHeader: string): string | undefined {
  const prefix = `${SESSION_COOKIE}=`;
  for (const part of cookieHeader.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(prefix)) continue;
    let value = pair.slice(prefix.length).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function keptHeaders(headers: Record<string, string>): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    // A cookie set for one reader is never another's; encoding and length follow the body sent.
    if (name !== 'content-encoding' && name !== 'content-length' && name !== 'set-cookie') kept.push([name, value]);
  }
  return kept;
}

/**
 * Whether the lane can send its answer to this request as it is: not when the client takes a
 * compressed form nobody has asked for yet, which the pipeline makes (and keeps on the answer).
 */
function ready(req: IncomingMessage, answer: StoredAnswer): boolean {
  const coding = codingFor(answer, req.headers['accept-encoding']);
  return coding === null || answer[coding] !== null;
}

function send(req: IncomingMessage, res: ServerResponse, lane: Lane): void {
  const { answer } = lane;
  for (const [name, value] of lane.headers) res.setHeader(name, value);
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const coding = codingFor(answer, req.headers['accept-encoding']);
  const body = (coding && answer[coding]) || answer.body;
  if (coding) res.setHeader('content-encoding', coding);
  res.setHeader('content-length', body.length);
  res.statusCode = 200;
  res.end(body);
}

/** Hits, misses and evictions per lane, in the process's cache counts (`answerCacheStats()`). */
const laneStats = createStatsCounter('fast-lane');

function keep<T extends Lane>(lanes: Map<string, T>, kind: LaneKind, key: string, lane: T): void {
  lanes.delete(key);
  lanes.set(key, lane);
  if (lanes.size > MAX_ENTRIES) {
    lanes.delete(lanes.keys().next().value as string);
    laneStats.count(kind, 'evictions');
  }
}

/**
 * The hot reads (featured lists, styles, list pages, a profile, a rendered page) are mostly the
 * same bytes for everyone. Once the full pipeline has answered one (language, security headers,
 * input guard, session, route, validation), the same request is answered here, before Fastify,
 * for as long as the answer cache keeps that answer: a write that clears its tags clears it here
 * too, since each use checks the cache.
 *
 * Visitors (no cookie at all) share one lane per address and language. A logged-in reader is
 * served here only with the very answer the pipeline gave that reader for that address, so
 * whatever a route decided for them (an owner's or an admin's own answer, a listing's per-viewer
 * fields) is decided by the route, never guessed here: the lane checks that the session is still
 * known to the session cache (a logout or a changed user clears it everywhere), that the reader
 * is not an admin and not among the answer's owners, and marks them active as the pipeline would.
 * Other cookies, unknown sessions and long addresses take the full pipeline.
 */
export function createFastLane(): FastLane {
  const visitors = new Map<string, Lane>();
  const readers = new Map<string, MemberLane>();
  let members: Members | undefined;

  /**
   * Whether the lane's answer is still the one the answer cache keeps; checked last, right before
   * sending, since the check counts as a read of that answer (its place in the cache's
   * least-recently-used order) and moves the lane to the end of its own.
   */
  const current = <T extends Lane>(lanes: Map<string, T>, key: string, lane: T): boolean => {
    lanes.delete(key);
    if (lane.answer.key === undefined || lane.cache.use(lane.answer.key) !== lane.answer) return false;
    lanes.set(key, lane);
    return true;
  };

  function serveMember(req: IncomingMessage, res: ServerResponse, key: string, cookie: string): boolean {
    if (!members) return false;
    const token = sessionToken(cookie);
    if (!token) return false;
    const lane = readers.get(key);
    if (!lane) return false;
    const user = members.sessions.peek(token)?.user;
    if (!user || !lane.readers.has(user.id) || user.role === 'admin' || lane.answer.owners.has(user.id) || !ready(req, lane.answer)) return false;
    if (!current(readers, key, lane)) return false;
    send(req, res, lane);
    members.presence.touch(user.id, members.log);
    return true;
  }

  return {
    serve(req, res) {
      if (req.method !== 'GET') return false;
      const url = req.url;
      if (!url || url.length > MAX_URL) return false;
      const key = laneKey(requestLanguage(req.headers), url);
      const cookie = req.headers.cookie;
      const kind: LaneKind = cookie === undefined ? 'visitors' : 'readers';
      let served = false;
      if (cookie !== undefined) served = serveMember(req, res, key, cookie);
      else {
        const lane = visitors.get(key);
        if (lane && ready(req, lane.answer) && current(visitors, key, lane)) {
          send(req, res, lane);
          served = true;
        }
      }
      laneStats.count(kind, served ? 'hits' : 'misses');
      return served;
    },

    remember(request, answer, headers) {
      if (answer.key === undefined || request.method !== 'GET') return;
      const url = request.raw.url;
      if (!url || url.length > MAX_URL) return;
      const key = laneKey(request.lang, url);
      const cache = request.server.ctx.answers;
      if (request.headers.cookie === undefined) {
        keep(visitors, 'visitors', key, { cache, answer, headers: keptHeaders(headers) });
        return;
      }
      const user = request.user;
      if (!members || !user || user.role === 'admin' || answer.owners.has(user.id)) return;
      if (sessionToken(request.headers.cookie) !== request.cookies[SESSION_COOKIE]) return;
      const known = readers.get(key);
      if (known?.answer === answer) {
        if (known.readers.size < MAX_MEMBERS) known.readers.add(user.id);
        return;
      }
      keep(readers, 'readers', key, { cache, answer, headers: keptHeaders(headers), readers: new Set([user.id]) });
    },

    admitMembers(next) {
      members = next;
    },

    get size() {
      return visitors.size + readers.size;
    },
  };
}
