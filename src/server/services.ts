import type { AppContext } from './context';
import { createAgreementService } from './modules/agreements/index';
import { createAuthService } from './modules/auth/index';
import { createArtistService } from './modules/artists/index';
import { createCityAlertService } from './modules/city-alerts/index';
import { availabilityKind } from './modules/availability/index';
import { createContactService } from './modules/contact/index';
import { createDealService } from './modules/deals/index';
import { createEventService } from './modules/events/index';
import { createFeaturedService } from './modules/featured/index';
import { createForumService, forumSitemapSource } from './modules/forum/index';
import { createCardImages, createGalleryService } from './modules/gallery/index';
import { createGuestSpotPhotoService, guestSpotKind } from './modules/guest-spots/index';
import { createHealthService } from './modules/health/index';
import { createInstagramService } from './modules/instagram/index';
import { createListingService } from './modules/listings/index';
import { createLocationService } from './modules/locations/index';
import { createNotificationService } from './modules/notifications/index';
import { createMessageService } from './modules/messages/index';
import { createProfileVisitService } from './modules/profile-visits/index';
import { credits } from './modules/instagram/index';
import { createPaymentService, createReceiptService, definePaymentCompleted } from './modules/payments/index';
import { createProfileService } from './modules/profiles/index';
import { createReferenceService } from './modules/reference/index';
import { createReviewService } from './modules/reviews/index';
import { createTourService } from './modules/tour/index';
import { createTrustService } from './modules/trust/index';
import { createSafetyService } from './modules/safety/index';
import { createSavedSearchService } from './modules/saved-searches/index';
import { createSitemapService, listingsSource, profilesSource, staticSource } from './modules/sitemap/index';
import { createSiteService } from './modules/site/index';

export interface ServiceDeps extends AppContext {
  /** The app's logger, for services that report failures outside a request (payments). */
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Every capability's service, each made once from what it needs. A service that needs another
 * gets it here, as a dependency, so no module reaches into another module's state.
 */
export function createServices(deps: ServiceDeps) {
  const reference = createReferenceService(deps);
  // The photos on every card of the lists, read a page at a time.
  const pictures = createCardImages(deps.db);
  const gallery = createGalleryService({ ...deps, reference });
  const notifications = createNotificationService(deps);
  // Saved searches are matched from the events of listings newly shown and artist profiles saved; each hit rings the bell.
  const savedSearches = createSavedSearchService({ ...deps, reference, notify: notifications.notify });
  const profiles = createProfileService({ ...deps, gallery, reference, onSaved: savedSearches.onArtistSaved });
  const reviews = createReviewService(deps);
  const messages = createMessageService(deps);
  // Visitors' alerts of an artist coming near: told of each stay confirmed and availability shown.
  const cityAlerts = createCityAlertService(deps);
  // Applications and invitations write their lines into the pair's conversation.
  const deals = createDealService({ ...deps, messages, pictures, onStayConfirmed: (trx, id) => cityAlerts.tripEvent(trx, { kind: 'stay', id }) });
  const spotPhotos = createGuestSpotPhotoService(deps);
  const instagram = createInstagramService(deps);
  const receipts = createReceiptService(deps);
  // The forum writes its notices (replies, mentions) inside its own transactions.
  const forum = createForumService({ ...deps, notify: notifications.notify });
  const payments = createPaymentService({
    ...deps,
    // The planned-posts module's credits, handed in so payments never imports that module.
    credits,
    // The receipt mail and the cleared caches, as an outbox event of the completion.
    completed: definePaymentCompleted(deps.outbox, receipts),
  });
  const auth = createAuthService({
    ...deps,
    // The files an account keeps besides its avatar and header, deleted with it.
    collectAccountFiles: async (userId) => [
      ...(await gallery.filesOfUser(userId)),
      ...(await spotPhotos.filesOfUser(userId)),
      ...(await instagram.filesOfUser(userId)),
      ...(await forum.filesOfUser(userId)),
    ],
    // The ratings this account gave leave the reviewed users' averages before its rows go.
    releaseAccountReviews: (userId) => reviews.deleteWrittenBy(userId),
  });
  const services = {
    auth,
    profiles,
    gallery,
    contact: createContactService(deps),
    profileVisits: createProfileVisitService(deps),
    featured: createFeaturedService({ ...deps, pictures, reference }),
    site: createSiteService(deps),
    health: createHealthService(deps),
    events: createEventService(deps),
    reference,
    locations: createLocationService(deps),
    pictures,
    spotPhotos,
    guestSpots: createListingService(guestSpotKind, {
      ...deps,
      reference,
      pictures,
      counterpart: availabilityKind,
      viewerFields: async (viewer, id) => ({ hasApplied: await messages.hasApplied(viewer, id) }),
      // The workplace photos show on the detail page and go with the spot.
      attachments: { detail: spotPhotos.detailFields, files: spotPhotos.filesOfSpot },
      onShown: [savedSearches.onGuestSpotShown],
    }),
    // An artist's confirmed stays take the spots they fill out of the availability's matches.
    availabilities: createListingService(availabilityKind, {
      ...deps,
      reference,
      pictures,
      counterpart: guestSpotKind,
      bookedMatches: deals.bookedSpots,
      onShown: [{ emit: (trx, id) => cityAlerts.tripEvent(trx, { kind: 'availability', id }), committed: cityAlerts.committed }, savedSearches.onAvailabilityShown],
    }),
    artists: createArtistService({ ...deps, reference, pictures }),
    // A block takes the thread out of the blocker's unread count: their open tabs hear the new one.
    safety: createSafetyService({
      ...deps,
      unreadCount: (userId) => messages.unreadCount({ id: userId }),
      // Forum content reported by enough members is hidden until an admin decides.
      onReported: forum.reported,
    }),
    notifications,
    forum,
    reviews,
    messages,
    deals,
    cityAlerts,
    savedSearches,
    agreements: createAgreementService(deps),
    tour: createTourService({ ...deps, reference }),
    trust: createTrustService(deps),
    instagram,
    receipts,
    payments,
  };
  // Every public page is in /sitemap.xml: each source is one family of its files, and a
  // capability with public pages of its own adds one entry here.
  const sitemap = createSitemapService({
    ...deps,
    sources: [
      staticSource([
        { first: 'guestSpots', numbered: 'guestSpotsPage', count: services.guestSpots.countPublic },
        { first: 'availabilityList', numbered: 'availabilityListPage', count: services.availabilities.countPublic },
        { first: 'tattooArtists', numbered: 'tattooArtistsPage', count: services.artists.count },
        { first: 'tattooStudios', numbered: 'tattooStudiosPage', count: services.artists.countStudios },
      ]),
      profilesSource(deps.db),
      listingsSource(deps.db, 'guestspots', guestSpotKind),
      listingsSource(deps.db, 'availabilities', availabilityKind),
      forumSitemapSource(deps.db),
    ],
  });
  return { ...services, sitemap };
}

export type Services = ReturnType<typeof createServices>;
