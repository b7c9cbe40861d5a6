/**
 * Tours and calendar feeds: the tour page is loaded by the router (app/screens.ts); the dashboard
 * shows the private feed's card.
 */
export { CalendarFeedCard } from './calendar-feed-card';
