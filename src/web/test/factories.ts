import type { ArtistListItem } from '../../common/schemas/artists';
import type { Availability, AvailabilityListItem } from '../../common/schemas/availability';
import type { CardImage } from '../../common/schemas/card-images';
import type { FeaturedArtist, FeaturedStudio } from '../../common/schemas/featured';
import type { GalleryImage } from '../../common/schemas/gallery';
import type { GuestSpot, GuestSpotListItem } from '../../common/schemas/guest-spots';
import type { ProductsAnswer, ProductType } from '../../common/schemas/payments';
import { SEEDED_PRICES } from '../../common/schemas/payments.testing';
import type { ProfileUser } from '../../common/schemas/profile';
import type { SessionUser } from '../../common/schemas/session';
import type { SiteOperator } from '../../common/schemas/site';

let nextId = 1;
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString();

let nextImageId = 5000;

/** A portfolio image on a card: every variant of one upload, the large one 1200 x 1500 (portrait). */
export function createCardImage(overrides: Partial<CardImage> = {}): CardImage {
  const id = overrides.id ?? nextImageId++;
  const base = `/uploads/gallery/41/${id}`;
  return {
    id,
    thumbnailUrl: `${base}-thumbnail.webp`,
    mediumUrl: `${base}-medium.webp`,
    largeUrl: `${base}-large.webp`,
    width: 1200,
    height: 1500,
    ...overrides,
  };
}

/** A studio's header image on a card (a 3:1 crop, id 0), as the server derives it from the large URL. */
export function createHeaderImage(userId = 31): CardImage {
  const base = `/uploads/headers/${userId}/header`;
  return { id: 0, thumbnailUrl: `${base}-thumbnail.webp`, mediumUrl: `${base}-medium.webp`, largeUrl: `${base}-large.webp`, width: 1800, height: 600 };
}

/** An artist card as GET /api/artists answers it. */
export function createArtistListItem(overrides: Partial<ArtistListItem> = {}): ArtistListItem {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Artist ${id}`,
    username: `artist${id}`,
    avatar: null,
    images: [],
    cityName: 'Hamburg',
    countryCode: 'DE',
    styles: [{ id: 11, name: 'Fine Line' }],
    featured: false,
    verified: false,
    rating: { average: 0, count: 0 },
    currentAvailability: null,
    ...overrides,
  };
}

/** A featured artist as GET /api/featured/artists returns it. */
export function createFeaturedArtist(overrides: Partial<FeaturedArtist> = {}): FeaturedArtist {
  const id = nextId++;
  return {
    id,
    username: `artist ${id}`,
    name: `Artist ${id}`,
    avatarUrl: `/uploads/avatars/${id}-large.webp`,
    images: [],
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
    verified: false,
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

/** An operator as GET /api/site answers it when the settings name one. */
export function createSiteOperator(overrides: Partial<SiteOperator> = {}): SiteOperator {
  return {
    name: 'Nadelwerk Plattform GmbH',
    address: 'Beispielweg 3, 04109 Leipzig, Deutschland',
    email: 'kontakt@nadelwerk.example',
    phone: '+49 341 000000',
    vatId: 'DE000000000',
    register: 'Amtsgericht Leipzig, HRB 0000',
    instagramUrl: 'https://instagram.com/nadelwerk.example',
    example: false,
    ...overrides,
  };
}

/** A profile as GET /api/profile/{username} answers it; a visitor's view unless `can` says otherwise. */
export function createProfile(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 41,
    name: 'Lena Hoffmann',
    username: 'Lena Ink',
    avatar: null,
    headerImage: null,
    userType: 'artist',
    role: 'user',
    bio: null,
    city: 'Berlin',
    country: null,
    cityName: 'Berlin',
    countryName: null,
    countryId: null,
    cityId: null,
    countryCode: null,
    gender: 'female',
    experience: '9-12',
    languages: ['german', 'english', 'croatian'],
    styles: [
      { id: 2, name: 'Fine Line' },
      { id: 1, name: 'Dotwork' },
    ],
    workstations: 0,
    piercings: false,
    tattooRemoval: false,
    microblading: false,
    instagram: null,
    facebook: null,
    tiktok: null,
    youtube: null,
    telegram: null,
    whatsapp: null,
    pinterest: null,
    twitter: null,
    website: null,
    featuredUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    averageRating: 0,
    totalReviews: 0,
    reviewsCount: 0,
    followers: 0,
    galleryImages: [],
    can: { edit: false, delete: false },
    ...overrides,
  };
}

/** A portfolio image as the profile and gallery calls answer it; a visitor's view unless `can` says otherwise. */
export function createGalleryImage(overrides: Partial<GalleryImage> = {}): GalleryImage {
  const id = overrides.id ?? nextId++;
  const userId = overrides.userId ?? 41;
  const base = `/uploads/gallery/${userId}/${id}`;
  return {
    id,
    userId,
    imagePath: `${base}-large.webp`,
    imageUrl: `${base}-large.webp`,
    largeUrl: `${base}-large.webp`,
    mediumUrl: `${base}-medium.webp`,
    thumbnailUrl: `${base}-thumbnail.webp`,
    width: 800,
    height: 1000,
    title: null,
    caption: null,
    description: null,
    position: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    styles: [],
    can: { edit: false, delete: false },
    ...overrides,
  };
}

/** A JSON answer for a mocked fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let nextListingId = 1000;

/** What every listing answer carries besides its own fields: when it was written, and a visitor's rights (a fresh object each call). */
const listingStamps = () => ({
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ended: false,
  can: { edit: false, delete: false },
});

/** A guest spot as the guest spot calls answer it; a visitor's view unless `can` says otherwise. */
export function createGuestSpot(overrides: Partial<GuestSpot> = {}): GuestSpot {
  const id = nextListingId++;
  return {
    id,
    slug: `guest-spot-${id}`,
    title: `Guest spot ${id}`,
    description: 'A bright studio in Kreuzberg.',
    startDate: '2026-12-01',
    endDate: '2027-01-15',
    isActive: true,
    compensation: '60/40',
    compensationDetails: null,
    places: 1,
    requirements: null,
    terms: null,
    styles: [{ id: 11, name: 'Fine Line' }],
    countryId: 80,
    cityId: 1194,
    cityName: 'Berlin',
    countryName: 'Germany',
    countryCode: 'DE',
    studio: { id: 31, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, cityName: 'Berlin', verified: false },
    ...listingStamps(),
    ...overrides,
  };
}

/** An availability as the availability calls answer it; a visitor's view unless `can` says otherwise. */
export function createAvailability(overrides: Partial<Availability> = {}): Availability {
  const id = nextListingId++;
  return {
    id,
    slug: `availability-${id}`,
    title: `Trip ${id}`,
    startDate: '2026-12-10',
    endDate: '2027-01-05',
    preferredLocation: 'Berlin or Hamburg',
    wishes: null,
    countryId: null,
    cityId: null,
    cityName: null,
    countryName: null,
    countryCode: null,
    description: 'Looking for studios that love fine line.',
    styles: [{ id: 11, name: 'Fine Line' }],
    isActive: true,
    artist: { id: 1, name: 'Lena Hoffmann', username: 'Lena Ink', avatar: null, cityName: 'Berlin', verified: false },
    ...listingStamps(),
    ...overrides,
  };
}

/** A guest spot card of the public list (GET /api/guest-spots): the spot with its pictures. */
export function createGuestSpotListItem(overrides: Partial<GuestSpotListItem> = {}): GuestSpotListItem {
  const { images = [], ownerFeatured = false, ...spot } = overrides;
  return { ...createGuestSpot(spot), images, ownerFeatured };
}

/** An availability card of the public list (GET /api/artist-availability): the entry with the artist's latest works. */
export function createAvailabilityListItem(overrides: Partial<AvailabilityListItem> = {}): AvailabilityListItem {
  const { images = [], ownerFeatured = false, ...entry } = overrides;
  return { ...createAvailability(entry), images, ownerFeatured };
}

/** Answers a mocked fetch by URL prefix; an unexpected call fails the test. */
export function answerFetch(answers: Record<string, (url: string) => Response | Promise<Response>>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    const match = Object.entries(answers)
      .sort(([a], [b]) => b.length - a.length)
      .find(([prefix]) => url.startsWith(prefix));
    if (!match) throw new Error(`unexpected request ${url}`);
    return match[1](url);
  };
}

/** The catalogue as a logged-in artist gets it from the test provider. */
export function createProducts(overrides: Partial<ProductsAnswer> = {}, userType: 'artist' | 'studio' = 'artist'): ProductsAnswer {
  return {
    success: true,
    products: (Object.keys(SEEDED_PRICES) as ProductType[]).map((productType) => ({
      productType,
      amountCents: SEEDED_PRICES[productType],
      amount: SEEDED_PRICES[productType] / 100,
      currency: 'EUR' as const,
      purchasable: productType !== (userType === 'artist' ? 'featured_studio' : 'featured_artist'),
    })),
    credits: { instagram_feed_post: 1, instagram_story: 0, instagram_reel: 2 },
    available: true,
    provider: 'test',
    ...overrides,
  };
}
