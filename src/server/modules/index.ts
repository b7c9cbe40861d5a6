import type { FastifyInstance } from 'fastify';
import { registerPageLoaders } from '../http/loaders/index';
import type { Services } from '../services';
import { adminRoutes, requireAdmin } from './admin/index';
import { agreementRoutes } from './agreements/index';
import { artistRoutes, studioRoutes } from './artists/index';
import { cityAlertRoutes } from './city-alerts/index';
import { accountRoutes, authRoutes } from './auth/index';
import { contactRoutes } from './contact/index';
import { dealRoutes } from './deals/index';
import { createDemandService, demandRoutes } from './demand/index';
import { eventRoutes } from './events/index';
import { featuredRoutes } from './featured/index';
import { createFollowService, followRoutes } from './follows/index';
import { forumRoutes, registerForumPages } from './forum/index';
import { galleryRoutes } from './gallery/index';
import { guestSpotPhotoRoutes } from './guest-spots/index';
import { healthRoutes } from './health/index';
import { instagramRoutes } from './instagram/index';
import { listingRoutes } from './listings/index';
import { locationRoutes } from './locations/index';
import { createMapService, mapRoutes } from './map/index';
import { notificationRoutes } from './notifications/index';
import { applyRoutes, messageRoutes } from './messages/index';
import { paymentConfigRoutes, paymentRoutes, receiptRoutes } from './payments/index';
import { profileVisitRoutes } from './profile-visits/index';
import { profileRoutes } from './profiles/index';
import { locationFileRoutes, referenceRoutes } from './reference/index';
import { reviewRoutes } from './reviews/index';
import { tourRoutes } from './tour/index';
import { trustAdminRoutes, trustRoutes } from './trust/index';
import { safetyRoutes } from './safety/index';
import { savedSearchRoutes } from './saved-searches/index';
import { createSearchService, searchRoutes } from './search/index';
import { siteRoutes } from './site/index';
import { sitemapRoutes } from './sitemap/index';

/**
 * Every capability is a plugin under its prefix, with paths relative to it and its services
 * passed in. The session hook and the error handler sit on the root app (app.ts), so every
 * plugin sees them. Multipart does not: a module declares its upload routes with `withUploads`
 * (src/server/http/multipart.ts), which registers @fastify/multipart in a scope of their own,
 * so no other request pays for its hooks (docs/decisions/016).
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
  await app.register(sitemapRoutes, { sitemap: services.sitemap });
  await app.register(referenceRoutes, { prefix: '/api', reference: services.reference });
  await app.register(locationFileRoutes, { reference: services.reference });
  await app.register(locationRoutes, { prefix: '/api/locations', locations: services.locations });
  await app.register(profileVisitRoutes, { prefix: '/api/profile-visits', visits: services.profileVisits });
  await app.register(profileRoutes, { prefix: '/api', profiles: services.profiles, rateLimits });
  await app.register(galleryRoutes, { prefix: '/api/gallery', gallery: services.gallery, rateLimits });
  for (const listings of [services.guestSpots, services.availabilities]) await app.register(listingRoutes, { prefix: listings.kind.apiPath, listings });
  // Applying is a message: the messages module answers it, under the guest spots' path.
  await app.register(applyRoutes, { prefix: services.guestSpots.kind.apiPath, messages: services.messages });
  await app.register(guestSpotPhotoRoutes, { prefix: services.guestSpots.kind.apiPath, photos: services.spotPhotos, rateLimits });
  await app.register(messageRoutes, { prefix: '/api/messages', messages: services.messages });
  // Applications, invitations and stays: /api/applications, /api/stays, /api/artist-availability/{id}/invite and more.
  await app.register(dealRoutes, { prefix: '/api', deals: services.deals });
  // City alerts without an account: ask, confirm, manage and one-click unsubscribe by the mailed tokens.
  await app.register(cityAlertRoutes, { prefix: '/api/city-alerts', cityAlerts: services.cityAlerts });
  // Saved searches of the public lists: /api/saved-searches (own only) and the digest's one-click unsubscribe.
  await app.register(savedSearchRoutes, { prefix: '/api', savedSearches: services.savedSearches });
  // A stay's written agreement: /api/stays/{id}/agreement, .../accept and .../agreement.pdf.
  await app.register(agreementRoutes, { prefix: '/api', agreements: services.agreements });
  await app.register(artistRoutes, { prefix: '/api/artists', artists: services.artists });
  await app.register(studioRoutes, { prefix: '/api/studios', artists: services.artists });
  await app.register(safetyRoutes, { prefix: '/api', safety: services.safety });
  await app.register(notificationRoutes, { prefix: '/api', notifications: services.notifications });
  await app.register(reviewRoutes, { prefix: '/api/reviews', reviews: services.reviews });
  // Trust figures, review prompts and studio verification; its admin queue sits behind the admin guard.
  await app.register(trustRoutes, { prefix: '/api', trust: services.trust });
  await app.register(trustAdminRoutes, { prefix: '/api/admin/verifications', trust: services.trust, requireAdmin });
  // Tour pages and calendar feeds: /api/tours/{username}, /{username}/tour.ics, /api/calendar.
  await app.register(tourRoutes, { tour: services.tour });
  // Following artists and studios: /api/follows..., /api/followers (own only) and the weekly mail's unsubscribe.
  await app.register(followRoutes, { prefix: '/api', follows: createFollowService(app.ctx), ctx: app.ctx });
  // Demand by city: /api/demand, the caller's own followers and alert subscribers by city (artists) or artists coming (studios).
  await app.register(demandRoutes, { prefix: '/api', demand: createDemandService({ db: app.ctx.db, reference: services.reference }) });
  const search = createSearchService(app.ctx);
  await app.register(searchRoutes, { prefix: '/api/search', search });
  // The forum's moderation calls sit behind the admin area's guard, handed in with it.
  await app.register(forumRoutes, { prefix: '/api/forum', forum: services.forum, ctx: app.ctx, requireAdmin });
  registerForumPages(app, services.forum);
  await app.register(instagramRoutes, { prefix: '/api/instagram', instagram: services.instagram, rateLimits });
  await app.register(paymentRoutes, { prefix: '/api/payments', payments: services.payments });
  await app.register(receiptRoutes, { prefix: '/api/payments', receipts: services.receipts });
  await app.register(mapRoutes, { prefix: '/api', map: createMapService({ db: app.ctx.db, reference: services.reference }), googleMapsApiKey: config.googleMapsApiKey, answers: app.ctx.answers });
  await app.register(paymentConfigRoutes, { prefix: '/api/config', payments: services.payments });
  // The admin area acts on every module, through their services; its guard covers all of it.
  await app.register(adminRoutes, { prefix: '/api/admin', db: app.ctx.db, ctx: app.ctx, services });
  // The server-rendered pages' data, from the same services (docs/decisions/032).
  registerPageLoaders(app.pages, { ...services, search });
}
