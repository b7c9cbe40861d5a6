/** Planned social posts: the dashboard tile; the pages are loaded by the router (app/screens.ts). */
export { PostsTile } from './components/posts-tile';
