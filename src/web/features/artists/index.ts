/**
 * The directories of artists (/tattooartists) and studios (/tattoostudios): their data. The pages
 * combine it with the listing pieces (app/routes/artists-page.tsx, app/routes/studios-page.tsx).
 */
export { useArtistList } from './api/get-artists';
export { useStudioList } from './api/get-studios';
