import type { RouteId } from '../src/common/routes';

/**
 * The five public pages the first-load budget measures (scripts/bundle-budget.ts), each with the
 * module its route loads lazily (src/web/app/screens.ts), relative to src/web as the build
 * manifest names it. The build (vite.config.ts) reads it too, to keep in the shared chunk only
 * what these pages load first.
 */
export const PUBLIC_PAGES: readonly { name: string; route: RouteId; screen: string }[] = [
  { name: 'home', route: 'home', screen: 'features/home/home-page.tsx' },
  { name: 'profile', route: 'profile', screen: 'app/routes/profile-page.tsx' },
  { name: 'gallery', route: 'gallery', screen: 'features/gallery/gallery-page.tsx' },
  { name: 'guest spots', route: 'guestSpots', screen: 'app/routes/listing-list-pages.tsx' },
  { name: 'artists', route: 'tattooArtists', screen: 'app/routes/artists-page.tsx' },
];
