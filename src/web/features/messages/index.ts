/**
 * Messaging: conversations, the live stream, the outbox of unsent messages, the message dialog,
 * applications to guest spots, blocking and reporting. The screens (/messages, /chat,
 * /messaging-test) are loaded by the router; these are the pieces other pages combine. The
 * profile's parts (the owner's tab and its label, the safety menu) are loaded lazily by their
 * paths: listed here, they would ride along in the first load of every page importing this index.
 */
export { MessageButton } from './message-button';
export { UnreadTile } from './unread-tile';
export { BlockedUsers } from './blocked-users';
