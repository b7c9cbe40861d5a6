/**
 * The planned posts' public face: their plugin and service, the promotion credits (the port
 * payments is handed in services.ts) and the reminder job. The rest of the server imports only
 * this file.
 */
export { instagramRoutes } from './routes';
export { createInstagramService, type InstagramService } from './service';
export * as credits from './credits';
export { runOnce as runPostReminders, schedulePostReminders } from './reminders';
