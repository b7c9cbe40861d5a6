import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../common/constants';
import {
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  isDeleteWord,
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { t } from '../../i18n';
import { createBackground } from './background';
import * as service from './service';
import { endSession, resolveSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/** The logged-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'unauthorized');
  return request.user;
}

export async function authModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secure = ctx.config.publicUrl.startsWith('https:');
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: service.SESSION_MAX_AGE_S,
    });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });

  // Mails leave after the answer; closing waits for those already queued.
  const background = createBackground(app.log);
  app.addHook('preClose', () => background.idle());

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resolveSession(ctx.db, token);
    if (session) {
      request.user = session.user;
      request.sessionId = session.id;
    }
  });

  app.get('/api/auth/check', async (request) => ({ authenticated: !!request.user, user: request.user }));

  app.get('/api/auth/me', async (request) => ({ user: requireUser(request) }));

  app.get('/api/auth/refresh-session', async (request) => ({ success: true, user: requireUser(request) }));

  app.get('/api/users/current', async (request) => ({ success: true, user: requireUser(request) }));

  app.post('/api/auth/login', async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const { user, token } = await service.login(ctx, input, request.ip);
    setSessionCookie(reply, token);
    return { success: true, user };
  });

  app.post('/api/auth/register', async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { user, token } = await service.register(ctx, input, request.ip);
    setSessionCookie(reply, token);
    return reply.status(201).send({ success: true, user });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(ctx.db, token);
    clearSessionCookie(reply);
    return { success: true, message: t(request.lang, 'loggedOut') };
  });

  app.post('/api/auth/forgot-password', async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await service.forgotPassword(ctx, email, request.ip, request.lang, background.defer);
    return { success: true, message: t(request.lang, 'resetMailSent') };
  });

  app.post('/api/auth/reset-password', async (request) => {
    const input = parse(resetPasswordSchema, request.body);
    await service.resetPassword(ctx, input);
    return { success: true, message: t(request.lang, 'passwordReset') };
  });

  app.put('/api/profile/email', async (request) => {
    const user = requireUser(request);
    const input = parse(emailChangeSchema, request.body);
    const updated = await service.changeEmail(ctx, user.id, request.sessionId as string, input, request.lang, background.defer);
    return { success: true, user: updated, message: t(request.lang, 'emailChanged') };
  });

  app.put('/api/profile/password', async (request) => {
    const user = requireUser(request);
    const input = parse(passwordChangeSchema, request.body);
    await service.changePassword(ctx, user.id, request.sessionId as string, input);
    return { success: true, message: t(request.lang, 'passwordChanged') };
  });

  app.delete('/api/profile/account', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(deleteAccountSchema, request.body ?? {});
    if (input.confirmation !== undefined && !isDeleteWord(input.confirmation, request.lang)) {
      throw new AppError(400, 'deleteConfirmation', {}, { field: 'confirmation' });
    }
    await service.deleteAccount(ctx, user.id, input.password);
    clearSessionCookie(reply);
    return { success: true, message: t(request.lang, 'accountDeleted') };
  });
}
