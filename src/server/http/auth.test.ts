import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../common/constants';
import type { SessionUser } from '../../common/schemas/session';
import { registerErrorHandler } from '../errors';
import { registerSession, requireUser, requireUserWith, userOf } from './auth';
import { createSessionCache } from './session-cache';

const lena: SessionUser = {
  id: 7, username: 'Lena Ink', name: 'Lena Ink', email: 'lena@example.test', role: 'user', userType: 'artist', featuredUntil: null, avatar: null,
};

describe('the session guard', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A root app with the session hook and one encapsulated module under a prefix, as app.ts builds it. */
  async function build(): Promise<FastifyInstance> {
    const root = Fastify({ logger: false });
    root.decorateRequest('lang', 'en');
    registerErrorHandler(root);
    await root.register(cookie);
    registerSession(root, createSessionCache(async (token) => (token === 'good' ? { id: 'session-1', user: lena } : null)));
    await root.register(
      async (plugin) => {
        plugin.get('/open', async (request) => ({ user: request.user?.id ?? null }));
        plugin.get('/closed', { preHandler: requireUser }, async (request) => ({ user: userOf(request).id, session: request.sessionId }));
        plugin.put('/own-text', { preHandler: requireUserWith('profileUpdateUnauthorized') }, async () => ({ ok: true }));
        plugin.get('/forgot-guard', async (request) => ({ user: userOf(request).id }));
      },
      { prefix: '/api/thing' },
    );
    return root;
  }

  const as = (token?: string) => (token ? { cookie: `${SESSION_COOKIE}=${token}` } : {});

  it('reaches routes of encapsulated modules, and leaves visitors as null', async () => {
    app = await build();
    expect((await app.inject({ url: '/api/thing/open', headers: as('good') })).json()).toEqual({ user: 7 });
    expect((await app.inject({ url: '/api/thing/open', headers: as('stale') })).json()).toEqual({ user: null });
    expect((await app.inject({ url: '/api/thing/open' })).json()).toEqual({ user: null });
  });

  it('answers 401 before the handler for a visitor, and hands the user and session to it otherwise', async () => {
    app = await build();
    const visitor = await app.inject({ url: '/api/thing/closed', headers: as('stale') });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, code: 'unauthorized' });
    expect((await app.inject({ url: '/api/thing/closed', headers: as('good') })).json()).toEqual({ user: 7, session: 'session-1' });
  });

  it('answers with the text code a route names, and userOf refuses a visitor even without the guard', async () => {
    app = await build();
    const own = await app.inject({ method: 'PUT', url: '/api/thing/own-text', payload: {} });
    expect(own.statusCode).toBe(401);
    expect(own.json().code).toBe('profileUpdateUnauthorized');
    const forgot = await app.inject({ url: '/api/thing/forgot-guard' });
    expect(forgot.statusCode).toBe(401);
    expect(forgot.json().code).toBe('unauthorized');
  });
});
