import type { FastifyInstance } from 'fastify';
import { pathTo } from '../../../common/routes';
import { cityAlertConfirmQuery, cityAlertCreateSchema, cityAlertItemParams, cityAlertTokenParams } from '../../../common/schemas/city-alerts';
import { AppError, parse } from '../../errors';
import { staticHead } from '../../http/pages';
import type { CityAlertService } from './service';

/**
 * The one-click unsubscribe of one alert (RFC 8058). Mail clients POST it as a form
 * (`List-Unsubscribe=One-Click`, urlencoded or multipart) from their own servers, without a
 * session; the body says nothing the path does not, so it is accepted and not read.
 */
async function unsubscribeRoutes(app: FastifyInstance, { cityAlerts }: { cityAlerts: CityAlertService }): Promise<void> {
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, null));

  app.post('/:token', { config: { input: { params: cityAlertTokenParams } } }, async (request) => {
    const { token } = parse(cityAlertTokenParams, request.params);
    return cityAlerts.unsubscribe(token);
  });

  // A mail client without one-click opens the header's address in a browser: it gets the address's alerts, with delete.
  app.get('/:token', { config: { input: { params: cityAlertTokenParams } } }, async (request, reply) => {
    const { token } = parse(cityAlertTokenParams, request.params);
    const manage = await cityAlerts.manageTokenOf(token);
    if (!manage) throw new AppError(404, 'cityAlertLinkInvalid');
    return reply.redirect(pathTo('cityAlertsManage', { token: manage }, request.lang), 303);
  });
}

/**
 * /api/city-alerts: ask (no login), confirm, manage an address's alerts by its mailed link, and
 * the one-click unsubscribe. The token is the only authority on every call but the first.
 */
export async function cityAlertRoutes(app: FastifyInstance, { cityAlerts }: { cityAlerts: CityAlertService }): Promise<void> {
  // Their paths carry tokens, and nothing on them is for a search engine.
  for (const id of ['cityAlertsManage', 'cityAlertConfirm'] as const) app.pages.heads.set(id, async (match, { lang }) => ({ ...staticHead(match.id, lang), noindex: true }));

  // The same 202 and body whether the address had this alert, others or none: nothing to enumerate.
  app.post('', { config: { input: { body: cityAlertCreateSchema } } }, async (request, reply) => {
    const input = parse(cityAlertCreateSchema, request.body ?? {});
    await cityAlerts.request(input, request.ip);
    return reply.status(202).send({});
  });

  app.get('/confirm', { config: { input: { query: cityAlertConfirmQuery } } }, async (request) => {
    const { token } = parse(cityAlertConfirmQuery, request.query);
    return cityAlerts.confirm(token, request.lang);
  });

  app.get('/manage/:token', { config: { input: { params: cityAlertTokenParams } } }, async (request) => {
    const { token } = parse(cityAlertTokenParams, request.params);
    return cityAlerts.list(token, request.lang);
  });

  app.delete('/manage/:token', { config: { input: { params: cityAlertTokenParams } } }, async (request) => {
    const { token } = parse(cityAlertTokenParams, request.params);
    return cityAlerts.remove(token);
  });

  app.delete('/manage/:token/:alertId', { config: { input: { params: cityAlertItemParams } } }, async (request) => {
    const { token, alertId } = parse(cityAlertItemParams, request.params);
    return cityAlerts.remove(token, alertId);
  });

  await app.register(unsubscribeRoutes, { prefix: '/unsubscribe', cityAlerts });
}
