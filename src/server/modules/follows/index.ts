/**
 * Following artists and studios: the plugin and service (follow, the lists, the Following feed)
 * and the weekly mail job. The rest of the server imports only this file.
 */
export { followRoutes } from './routes';
export { createFollowService, type FollowService } from './service';
export { followsUnsubscribeToken, runFollowMail, scheduleFollowMail } from './mail';
