/**
 * The forum: its pages are screens of their own (forum-page, category-page, thread-page,
 * new-thread-page, each loaded lazily by app/screens.ts); the rest of the app uses the dashboard tile.
 */
export { ForumTile } from './dashboard-tile';
