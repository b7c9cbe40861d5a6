import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pathTo } from '../../../common/routes';
import { preferencesSchema } from '../../../common/schemas/messages';
import { markNotificationsReadSchema, notificationListQuery } from '../../../common/schemas/notifications';
import { parse } from '../../errors';
import { staticHead } from '../../http/pages';
import { requireUser, userOf } from '../../http/auth';
import type { NotificationService } from './service';
import { NO_INPUT } from '../../http/route-table';

// Any malformed token answers the same 400 as a forged one.
const tokenParams = z.object({ token: z.string('unsubscribeTokenInvalid').min(1, 'unsubscribeTokenInvalid').max(200, 'unsubscribeTokenInvalid') });

/**
 * The unread-message mail's unsubscribe calls. They need no session: the signed token is the
 * authority. Mail clients send the RFC 8058 one-click POST as a form
 * (`List-Unsubscribe=One-Click`, urlencoded or multipart) from their own servers; its body
 * says nothing the path does not, so it is accepted and not read.
 */
async function unsubscribeRoutes(app: FastifyInstance, { notifications }: { notifications: NotificationService }): Promise<void> {
  // Multipart too: the multipart plugin sits only in the upload routes' scopes (docs/decisions/016).
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, null));

  app.post('/:token', { config: { input: { params: tokenParams } } }, async (request) => {
    const { token } = parse(tokenParams, request.params);
    return { success: true, ...(await notifications.unsubscribe(token)) };
  });

  app.get('/:token', { config: { input: { params: tokenParams } } }, async (request, reply) => {
    const { token } = parse(tokenParams, request.params);
    // A mail client without one-click opens the header's address in a browser: it gets the page with the button.
    const accept = String(request.headers.accept ?? '');
    if (accept.includes('text/html')) return reply.redirect(pathTo('unsubscribe', { token }, request.lang), 303);
    return { success: true, ...(await notifications.checkToken(token)) };
  });
}

/**
 * /api/profile/preferences (own, logged in), the bell's /api/notifications and
 * /api/notifications/read (own, logged in), and /api/notifications/unsubscribe/{token} (no login).
 */
export async function notificationRoutes(app: FastifyInstance, { notifications }: { notifications: NotificationService }): Promise<void> {
  // Nothing on the page is for a search engine, and its path carries a token.
  app.pages.heads.set('unsubscribe', async (match, { lang }) => ({ ...staticHead(match.id, lang), noindex: true }));

  // A static path: it wins over /profile/:username, so no user can shadow it.
  app.get('/profile/preferences', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => {
    const preferences = await notifications.getPreferences(userOf(request).id);
    return { success: true, preferences, ...preferences };
  });

  app.put('/profile/preferences', { config: { input: { body: preferencesSchema } }, preHandler: requireUser }, async (request) => {
    const input = parse(preferencesSchema, request.body ?? {});
    const preferences = await notifications.updatePreferences(userOf(request).id, input);
    return { success: true, preferences, ...preferences };
  });

  app.get('/notifications', { config: { input: { query: notificationListQuery } }, preHandler: requireUser }, async (request) => {
    const { cursor } = parse(notificationListQuery, request.query);
    return { success: true, ...(await notifications.list(userOf(request).id, request.lang, cursor)) };
  });

  app.put('/notifications/read', { config: { input: { body: markNotificationsReadSchema } }, preHandler: requireUser }, async (request) => {
    const which = parse(markNotificationsReadSchema, request.body ?? {});
    return { success: true, ...(await notifications.markRead(userOf(request).id, which)) };
  });

  await app.register(unsubscribeRoutes, { prefix: '/notifications/unsubscribe', notifications });
}
