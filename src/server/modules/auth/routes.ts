import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../../common/constants';
import {
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth';
import type { Config } from '../../config';
import { parse } from '../../errors';
import { requireUser, sessionIdOf, userOf } from '../../http/auth';
import { t } from '../../i18n';
import { SESSION_MAX_AGE_S, type AuthService } from './service';
import { NO_INPUT } from '../../http/route-table';

export interface AuthRoutesOptions {
  auth: AuthService;
  config: Config;
}

function sessionCookies(config: Config) {
  const secure = config.publicUrl.startsWith('https:');
  return {
    set: (reply: FastifyReply, token: string) =>
      reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE_S }),
    clear: (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure }),
  };
}

/** /api/auth: the session's own calls (the session hook itself is http/auth.ts). */
export async function authRoutes(app: FastifyInstance, { auth, config }: AuthRoutesOptions): Promise<void> {
  const cookies = sessionCookies(config);

  app.get('/check', { config: { input: NO_INPUT } }, async (request) => ({ authenticated: !!request.user, user: request.user }));

  app.get('/me', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => ({ user: userOf(request) }));

  app.get('/refresh-session', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => ({ success: true, user: userOf(request) }));

  app.post('/login', { config: { input: { body: loginSchema } } }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const { user, token } = await auth.login(input, request.ip, request.lang);
    cookies.set(reply, token);
    return { success: true, user };
  });

  app.post('/register', { config: { input: { body: registerSchema } } }, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { user, token } = await auth.register(input, request.ip, request.lang);
    cookies.set(reply, token);
    return reply.status(201).send({ success: true, user });
  });

  app.post('/logout', { config: { input: NO_INPUT } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await auth.endSession(token, request.user?.id);
    cookies.clear(reply);
    return { success: true, message: t(request.lang, 'loggedOut') };
  });

  app.post('/forgot-password', { config: { input: { body: forgotPasswordSchema } } }, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await auth.forgotPassword(email, request.ip, request.lang);
    return { success: true, message: t(request.lang, 'resetMailSent') };
  });

  app.post('/reset-password', { config: { input: { body: resetPasswordSchema } } }, async (request) => {
    const input = parse(resetPasswordSchema, request.body);
    await auth.resetPassword(input);
    return { success: true, message: t(request.lang, 'passwordReset') };
  });
}

/** The account's own settings under /api (users/current, profile/email, profile/password, profile/account). */
export async function accountRoutes(app: FastifyInstance, { auth, config }: AuthRoutesOptions): Promise<void> {
  const cookies = sessionCookies(config);

  app.get('/users/current', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => ({ success: true, user: userOf(request) }));

  app.put('/profile/email', { config: { input: { body: emailChangeSchema } }, preHandler: requireUser }, async (request) => {
    const input = parse(emailChangeSchema, request.body);
    const updated = await auth.changeEmail(userOf(request).id, sessionIdOf(request), input, request.lang);
    return { success: true, user: updated, message: t(request.lang, 'emailChanged') };
  });

  app.put('/profile/password', { config: { input: { body: passwordChangeSchema } }, preHandler: requireUser }, async (request) => {
    const input = parse(passwordChangeSchema, request.body);
    await auth.changePassword(userOf(request).id, sessionIdOf(request), input);
    return { success: true, message: t(request.lang, 'passwordChanged') };
  });

  app.delete('/profile/account', { config: { input: { body: deleteAccountSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(deleteAccountSchema, request.body ?? {});
    await auth.deleteAccount(userOf(request).id, input, request.lang);
    cookies.clear(reply);
    return { success: true, message: t(request.lang, 'accountDeleted') };
  });
}
