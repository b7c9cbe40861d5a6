/** The contact form's public face: its plugin and service. The rest of the server imports only this file. */
export { contactRoutes } from './routes';
export { createContactService, type ContactService } from './service';
export { APPEAL_DAYS, appealToken, verifyAppealToken } from './appeal-token';
