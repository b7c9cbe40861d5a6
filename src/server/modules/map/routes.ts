import type { FastifyInstance } from 'fastify';
import { mapCityParams, mapCityQuery, mapPlacesQuery, type MapsKeyAnswer } from '../../../common/schemas/map';
import { parse } from '../../errors';
import type { MapService } from './service';

/**
 * /api: the maps key (public; never cached, so a key set or removed takes effect at once) and
 * the globe's places and a city's items (public, named in the request's language).
 */
export async function mapRoutes(app: FastifyInstance, { map, googleMapsApiKey }: { map: MapService; googleMapsApiKey?: string }): Promise<void> {
  app.get('/config/maps-key', async (_request, reply): Promise<MapsKeyAnswer> => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'success', data: { apiKey: googleMapsApiKey || null } };
  });

  app.get('/map/places', async (request, reply) => {
    const query = parse(mapPlacesQuery, request.query);
    reply.header('Vary', 'Accept-Language, X-Language');
    return map.places(query, request.lang);
  });

  app.get('/map/cities/:cityId', async (request, reply) => {
    const { cityId } = parse(mapCityParams, request.params);
    const query = parse(mapCityQuery, request.query);
    reply.header('Vary', 'Accept-Language, X-Language');
    return map.city(cityId, query, request.lang);
  });
}
