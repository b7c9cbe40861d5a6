import { useLiveMessages } from '../../features/messages/live/use-live-messages';
import { NotificationBell } from '../../features/notifications/bell';

/**
 * The bell of the logged-in user `me`, with the tab's live stream held open on every page while
 * it shows, so a notification (and the unread-message count) arrives at once.
 */
export function LiveBell({ me }: { me: number }) {
  useLiveMessages();
  return <NotificationBell me={me} />;
}
