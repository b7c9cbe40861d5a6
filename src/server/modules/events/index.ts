/** The live events' public face: the stream's plugin, its service and the presence hook. The rest of the server imports only this file. */
export { eventRoutes } from './routes';
export { createEventService, type EventService } from './service';
export { registerPresence, type Presence } from './presence';
