import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SESSION_COOKIE } from '../../common/constants';
import type { SessionUser } from '../../common/schemas/session';
import { AppError } from '../errors';
import type { SessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, set by the session hook before any route runs; null for a visitor. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export type { SessionResolver } from './session-cache';

/**
 * Resolves the session cookie into request.user and request.sessionId for every request,
 * pages included. Call it on the root app before the modules are registered: hooks reach only
 * the plugins registered after them. A request without cookies costs nothing here, and one
 * with a session known from the last seconds no query (the session cache).
 */
export function registerSession(app: FastifyInstance, sessions: SessionCache): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.headers.cookie) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    const set = (session: { id: string; user: SessionUser } | null) => {
      if (!session) return;
      request.user = session.user;
      request.sessionId = session.id;
    };
    const known = sessions.peek(token);
    if (known !== undefined) {
      set(known);
      return done();
    }
    sessions.resolve(token).then(
      (session) => {
        set(session);
        done();
      },
      (err: unknown) => done(err as Error),
    );
  });
}

/** A route's guard answering 401 with the given text code for a visitor (most calls use 'unauthorized'). */
export function requireUserWith(code: string): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.user) throw new AppError(401, code);
  };
}

/** The guard routes declare as `{ preHandler: requireUser }`: a visitor gets 401 before the handler runs. */
export const requireUser: preHandlerAsyncHookHandler = requireUserWith('unauthorized');

/** The logged-in user in a handler behind `requireUser`; throws 401 should a route forget the guard. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'unauthorized');
  return request.user;
}

/** The id of the session the request came with, behind `requireUser`. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.sessionId) throw new AppError(401, 'unauthorized');
  return request.sessionId;
}
