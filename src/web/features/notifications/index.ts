/** Notifications: the mail preference switch, the unsubscribe page and the language mails use. */
export { EmailPreference } from './email-preference';
export { rememberLanguage } from './language-preference';
