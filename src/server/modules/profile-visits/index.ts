/** The profile visits' public face: their plugin and service. The rest of the server imports only this file. */
export { profileVisitRoutes } from './routes';
export { createProfileVisitService, type ProfileVisitService } from './service';
