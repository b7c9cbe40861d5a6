import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { artistRoutes } from './artists/routes';
import { accountRoutes, authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { featuredRoutes } from './featured/routes';
import { galleryRoutes } from './gallery/routes';
import { healthRoutes } from './health/routes';
import { listingRoutes } from './listings/routes';
import { profileVisitRoutes } from './profile-visits/routes';
import { profileRoutes } from './profiles/routes';
import { locationFileRoutes, referenceRoutes } from './reference/routes';
import { siteRoutes } from './site/routes';

/**
 * Every capability is a plugin under its prefix, with paths relative to it and its services
 * passed in. The session hook, multipart and the error handler sit on the root app (app.ts),
 * so every plugin sees them.
 */
export async function registerModules(app: FastifyInstance, services: Services): Promise<void> {
  const { config, rateLimits } = app.ctx;
  await app.register(authRoutes, { prefix: '/api/auth', auth: services.auth, config });
  await app.register(accountRoutes, { prefix: '/api', auth: services.auth, config });
  await app.register(healthRoutes, { prefix: '/api/health', health: services.health });
  await app.register(featuredRoutes, { prefix: '/api/featured', featured: services.featured });
  await app.register(contactRoutes, { prefix: '/api/contact', contact: services.contact });
  await app.register(siteRoutes, { prefix: '/api/site', site: services.site });
  await app.register(referenceRoutes, { prefix: '/api', reference: services.reference });
  await app.register(locationFileRoutes, { reference: services.reference });
  await app.register(profileVisitRoutes, { prefix: '/api/profile-visits', visits: services.profileVisits });
  await app.register(profileRoutes, { prefix: '/api', profiles: services.profiles, rateLimits });
  await app.register(galleryRoutes, { prefix: '/api/gallery', gallery: services.gallery, rateLimits });
  for (const listings of [services.guestSpots, services.availabilities]) await app.register(listingRoutes, { prefix: listings.kind.apiPath, listings });
  await app.register(artistRoutes, { prefix: '/api/artists', artists: services.artists });
}
