// Kept apart from the message schemas so the browser's composer, lists and report dialog can
// read them without loading the validation library.

export const MESSAGE_MAX = 5000;
/** The composer shows the characters left from here on. */
export const MESSAGE_COUNTDOWN_FROM = 4500;
export const MESSAGES_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The mail about unread messages quotes this much of each latest message. */
export const MAIL_EXCERPT_CHARS = 140;

export const REPORT_TARGETS = ['user', 'message', 'review', 'image', 'guest_spot', 'availability', 'forum_thread', 'forum_post'] as const;
export const REPORT_REASONS = ['spam', 'harassment', 'fake', 'inappropriate', 'stolen_work', 'other'] as const;
export const REPORT_DETAILS_MAX = 1000;
