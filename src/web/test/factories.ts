import type { FeaturedArtist, FeaturedStudio } from '../../common/schemas/featured';
import type { SessionUser } from '../../common/schemas/session';

let nextId = 1;
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString();

/** A featured artist as GET /api/featured/artists returns it. */
export function createFeaturedArtist(overrides: Partial<FeaturedArtist> = {}): FeaturedArtist {
  const id = nextId++;
  return {
    id,
    username: `artist ${id}`,
    name: `Artist ${id}`,
    avatarUrl: `/uploads/avatars/${id}-large.webp`,
    countryCode: 'DE',
    cityName: 'Hamburg',
    rating: { average: 4.46, count: 12 },
    styles: ['Traditional', 'Blackwork'],
    bio: null,
    updatedAt: '2026-11-01T10:00:00.000Z',
    socialMedia: { instagram: null, facebook: null, tiktok: null },
    featuredUntil: inTwoWeeks(),
    ...overrides,
  };
}

/** A featured studio as GET /api/featured/studios returns it. */
export function createFeaturedStudio(overrides: Partial<FeaturedStudio> = {}): FeaturedStudio {
  return {
    ...createFeaturedArtist(),
    workstations: 4,
    amenities: { piercings: true, tattooRemoval: false, microblading: false },
    ...overrides,
  };
}

/** A logged-in user as the session answers carry it. */
export function createSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const id = nextId++;
  return {
    id,
    username: `Anna Maier`,
    name: 'Anna Maier',
    email: `anna${id}@example.com`,
    role: 'user',
    userType: 'artist',
    featuredUntil: null,
    avatar: null,
    ...overrides,
  };
}

/** A JSON answer for a mocked fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
