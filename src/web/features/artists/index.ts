/** The artist listing (/tattooartists, issue 6). Its screen is loaded by the router (app/screens.ts). */
export { useArtistList } from './api';
