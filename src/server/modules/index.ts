import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { artistRoutes } from './artists/routes';
import { accountRoutes, authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { eventRoutes } from './events/routes';
import { featuredRoutes } from './featured/routes';
import { galleryRoutes } from './gallery/routes';
import { guestSpotPhotoRoutes } from './guest-spots/photos-routes';
import { healthRoutes } from './health/routes';
import { instagramRoutes } from './instagram/routes';
import { listingRoutes } from './listings/routes';
import { notificationRoutes } from './notifications/routes';
import { applyRoutes, messageRoutes } from './messages/routes';
import { paymentConfigRoutes } from './payments/config-routes';
import { paymentRoutes } from './payments/routes';
import { receiptRoutes } from './payments/receipt-routes';
import { profileVisitRoutes } from './profile-visits/routes';
import { profileRoutes } from './profiles/routes';
import { locationFileRoutes, referenceRoutes } from './reference/routes';
import { reviewRoutes } from './reviews/routes';
import { safetyRoutes } from './safety/routes';
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
  await app.register(eventRoutes, { prefix: '/api/events', events: services.events, resolveSession: services.auth.resolveSession });
  await app.register(siteRoutes, { prefix: '/api/site', site: services.site });
  await app.register(referenceRoutes, { prefix: '/api', reference: services.reference });
  await app.register(locationFileRoutes, { reference: services.reference });
  await app.register(profileVisitRoutes, { prefix: '/api/profile-visits', visits: services.profileVisits });
  await app.register(profileRoutes, { prefix: '/api', profiles: services.profiles, rateLimits });
  await app.register(galleryRoutes, { prefix: '/api/gallery', gallery: services.gallery, rateLimits });
  for (const listings of [services.guestSpots, services.availabilities]) await app.register(listingRoutes, { prefix: listings.kind.apiPath, listings });
  // Applying is a message: the messages module answers it, under the guest spots' path.
  await app.register(applyRoutes, { prefix: services.guestSpots.kind.apiPath, messages: services.messages });
  await app.register(guestSpotPhotoRoutes, { prefix: services.guestSpots.kind.apiPath, photos: services.spotPhotos, rateLimits });
  await app.register(messageRoutes, { prefix: '/api/messages', messages: services.messages });
  await app.register(artistRoutes, { prefix: '/api/artists', artists: services.artists });
  await app.register(safetyRoutes, { prefix: '/api', safety: services.safety });
  await app.register(notificationRoutes, { prefix: '/api', notifications: services.notifications });
  await app.register(reviewRoutes, { prefix: '/api/reviews', reviews: services.reviews });
  await app.register(instagramRoutes, { prefix: '/api/instagram', instagram: services.instagram, rateLimits });
  await app.register(paymentRoutes, { prefix: '/api/payments', payments: services.payments });
  await app.register(receiptRoutes, { prefix: '/api/payments', receipts: services.receipts });
  await app.register(paymentConfigRoutes, { prefix: '/api/config', payments: services.payments });
}
