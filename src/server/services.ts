import type { AppContext } from './context';
import type { Background } from './modules/auth/background';
import { createArtistService } from './modules/artists/service';
import { createAuthService } from './modules/auth/service';
import { availabilityKind } from './modules/availability/kind';
import { createContactService } from './modules/contact/service';
import { createFeaturedService } from './modules/featured/service';
import { createGalleryService } from './modules/gallery/service';
import { guestSpotKind } from './modules/guest-spots/kind';
import { createHealthService } from './modules/health/service';
import { createListingService } from './modules/listings/service';
import { createProfileVisitService } from './modules/profile-visits/service';
import { createProfileService } from './modules/profiles/service';
import { createReferenceService } from './modules/reference/service';
import { createSiteService } from './modules/site/service';

export interface ServiceDeps extends AppContext {
  /** Work that runs after the answer has left (mails); closing the app waits for it. */
  background: Pick<Background, 'defer'>;
}

/**
 * Every capability's service, each made once from what it needs. A service that needs another
 * gets it here, as a dependency, so no module reaches into another module's state.
 */
export function createServices(deps: ServiceDeps) {
  const reference = createReferenceService(deps);
  const gallery = createGalleryService({ ...deps, reference });
  const profiles = createProfileService({ ...deps, gallery, reference });
  const auth = createAuthService({
    ...deps,
    defer: deps.background.defer,
    // The files an account keeps besides its avatar and header, deleted with it.
    collectAccountFiles: (userId) => gallery.filesOfUser(userId),
  });
  return {
    auth,
    profiles,
    gallery,
    contact: createContactService(deps),
    profileVisits: createProfileVisitService(deps),
    featured: createFeaturedService(deps),
    site: createSiteService(deps),
    health: createHealthService(deps),
    reference,
    guestSpots: createListingService(guestSpotKind, { ...deps, reference, counterpart: availabilityKind }),
    availabilities: createListingService(availabilityKind, { ...deps, reference, counterpart: guestSpotKind }),
    artists: createArtistService({ ...deps, reference }),
  };
}

export type Services = ReturnType<typeof createServices>;
