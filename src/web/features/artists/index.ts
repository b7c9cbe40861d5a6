/** The artist listing (/tattooartists): its data. The page combines it with the listing pieces (app/routes/artists-page.tsx). */
export { useArtistList } from './api/get-artists';
