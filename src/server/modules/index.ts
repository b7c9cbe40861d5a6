import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { artistsModule } from './artists/routes';
import { authModule } from './auth/routes';
import { availabilityModule } from './availability/routes';
import { contactModule } from './contact/routes';
import { featuredModule } from './featured/routes';
import { galleryModule } from './gallery/routes';
import { guestSpotsModule } from './guest-spots/routes';
import { healthModule } from './health/routes';
import { profileVisitsModule } from './profile-visits/routes';
import { profilesModule } from './profiles/routes';
import { referenceModule } from './reference/routes';
import { siteModule } from './site/routes';

export type Module = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every capability's routes, registered in this order; auth first, as its hook sets request.user. */
export const modules: Module[] = [authModule, healthModule, featuredModule, contactModule, referenceModule, siteModule, profileVisitsModule, profilesModule, galleryModule, guestSpotsModule, availabilityModule, artistsModule];
