/**
 * The notifications' public face: the plugin and service of the mail settings and of the in-app
 * notifications (the bell, whose `notify` other modules call inside their transactions), and the
 * unread-message mail job. The rest of the server imports only this file.
 */
export { notificationRoutes } from './routes';
export { createNotificationService, type NotificationService } from './service';
export { writeNotification, type Announce, type NotifyInput } from './inbox-service';
export { unsubscribeToken } from './token';
export { scheduleUnreadMail } from './unread-mail';
