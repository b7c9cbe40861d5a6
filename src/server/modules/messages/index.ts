/** The messages' public face: their plugins (the inbox, and applying to a guest spot) and service. The rest of the server imports only this file. */
export { applyRoutes, messageRoutes } from './routes';
export { createMessageService, type MessageService, type SystemLine } from './service';
