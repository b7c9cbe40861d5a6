import type { AppContext } from './context';
import type { Background } from './modules/auth/background';
import { createArtistService } from './modules/artists/service';
import { createAuthService } from './modules/auth/service';
import { availabilityKind } from './modules/availability/kind';
import { createContactService } from './modules/contact/service';
import { createEventService } from './modules/events/service';
import { createFeaturedService } from './modules/featured/service';
import { createCardImages } from './modules/gallery/card-images';
import { createGalleryService } from './modules/gallery/service';
import { guestSpotKind } from './modules/guest-spots/kind';
import { createGuestSpotPhotoService } from './modules/guest-spots/photos-service';
import { createHealthService } from './modules/health/service';
import { createInstagramService } from './modules/instagram/service';
import { createListingService } from './modules/listings/service';
import { createNotificationService } from './modules/notifications/service';
import { createMessageService } from './modules/messages/service';
import { createProfileVisitService } from './modules/profile-visits/service';
import * as credits from './modules/instagram/credits';
import { createReceiptService } from './modules/payments/receipts';
import { createPaymentService } from './modules/payments/service';
import { createProfileService } from './modules/profiles/service';
import { createReferenceService } from './modules/reference/service';
import { createReviewService } from './modules/reviews/service';
import { createSafetyService } from './modules/safety/service';
import { createSiteService } from './modules/site/service';

export interface ServiceDeps extends AppContext {
  /** Work that runs after the answer has left (mails); closing the app waits for it. */
  background: Pick<Background, 'defer'>;
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
  const profiles = createProfileService({ ...deps, gallery, reference });
  const reviews = createReviewService(deps);
  const messages = createMessageService(deps);
  const spotPhotos = createGuestSpotPhotoService(deps);
  const instagram = createInstagramService(deps);
  const receipts = createReceiptService(deps);
  const payments = createPaymentService({
    ...deps,
    // The planned-posts module's credits, handed in so payments never imports that module.
    credits,
    // The receipt mail leaves after the answer; a failed mail never undoes a completed payment.
    onCompleted: (orderId) => deps.background.defer('receipt mail', async () => void (await receipts.mailReceipt(orderId))),
  });
  const auth = createAuthService({
    ...deps,
    defer: deps.background.defer,
    // The files an account keeps besides its avatar and header, deleted with it.
    collectAccountFiles: async (userId) => [
      ...(await gallery.filesOfUser(userId)),
      ...(await spotPhotos.filesOfUser(userId)),
      ...(await instagram.filesOfUser(userId)),
    ],
    // The ratings this account gave leave the reviewed users' averages before its rows go.
    releaseAccountReviews: (userId) => reviews.deleteWrittenBy(userId),
  });
  return {
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
    }),
    availabilities: createListingService(availabilityKind, { ...deps, reference, pictures, counterpart: guestSpotKind }),
    artists: createArtistService({ ...deps, reference, pictures }),
    // A block takes the thread out of the blocker's unread count: their open tabs hear the new one.
    safety: createSafetyService({ ...deps, defer: deps.background.defer, unreadCount: (user) => messages.unreadCount(user) }),
    notifications: createNotificationService(deps),
    reviews,
    messages,
    instagram,
    receipts,
    payments,
  };
}

export type Services = ReturnType<typeof createServices>;
