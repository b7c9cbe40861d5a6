/**
 * Messaging: conversations, the live stream, the outbox of unsent messages, the message dialog,
 * applications to guest spots, blocking and reporting. The screens (/messages, /chat,
 * /messaging-test) are loaded by the router; these are the pieces other pages combine.
 */
export { MessageButton } from './message-dialog';
export { ApplyButton } from './apply-button';
export { SafetyMenu } from './components/safety-menu';
export { UnreadTile } from './unread-tile';
export { BlockedUsers } from './blocked-users';
export { OwnerMessagesTab } from './owner-tab';
export { useMessagesTabLabel } from './owner-tab-label';
