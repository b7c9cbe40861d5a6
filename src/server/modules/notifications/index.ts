/** The notification settings' public face: their plugin and service, and the unread-message mail job. The rest of the server imports only this file. */
export { notificationRoutes } from './routes';
export { createNotificationService, type NotificationService } from './service';
export { unsubscribeToken } from './token';
export { scheduleUnreadMail } from './unread-mail';
