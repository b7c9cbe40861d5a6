import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { mapCityParams, mapCityQuery, mapPlacesQuery, type MapsKeyAnswer } from '../../../common/schemas/map';
import { parse } from '../../errors';
import { sendAnswer } from '../../http/answers';
import { tags, userTagsIn, type AnswerCache } from '../../lib/answer-cache/index';
import type { MapService } from './service';
import { NO_INPUT } from '../../http/route-table';

/**
 * /api: the maps key (public; never cached, so a key set or removed takes effect at once) and
 * the globe's places and a city's items (public, named in the request's language).
 */
/** What the map shows: studios (profiles, suspensions), both listing kinds, and the city names. */
const MAP_TAGS = [tags.artists, tags.listings('guest-spots'), tags.listings('availabilities'), tags.reference];

export async function mapRoutes(app: FastifyInstance, { map, googleMapsApiKey, answers }: { map: MapService; googleMapsApiKey?: string; answers: AnswerCache }): Promise<void> {
  app.get('/config/maps-key', { config: { input: NO_INPUT } }, async (_request, reply): Promise<MapsKeyAnswer> => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', data: { apiKey: googleMapsApiKey || null } };
  });

  // The globe counts every listed studio, spot and availability: kept as bytes until one of those
  // lists (or the cities) changes, and for the day, since what is current moves at midnight.
  const keep = (request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<object>) =>
    answers
      .get(`map:${key}:${todayInBerlin()}:${request.lang}`, MAP_TAGS, async () => {
        const answer = await load();
        return { body: JSON.stringify(answer), tags: userTagsIn(answer) };
      })
      .then((stored) => sendAnswer(request, reply, stored));

  app.get('/map/places', { config: { input: { query: mapPlacesQuery } }, compress: false }, async (request, reply) => {
    const query = parse(mapPlacesQuery, request.query);
    return keep(request, reply, `places:${JSON.stringify(query)}`, () => map.places(query, request.lang));
  });

  app.get('/map/cities/:cityId', { config: { input: { params: mapCityParams, query: mapCityQuery } }, compress: false }, async (request, reply) => {
    const { cityId } = parse(mapCityParams, request.params);
    const query = parse(mapCityQuery, request.query);
    return keep(request, reply, `city:${cityId}:${JSON.stringify(query)}`, () => map.city(cityId, query, request.lang));
  });
}
