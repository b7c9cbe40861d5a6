import { z } from 'zod';
import { dealTermsSchema, dealWishesSchema } from '../../../common/schemas/deal-terms';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { presentSessionUser } from '../../modules/auth/index';
import { availabilityKind } from '../../modules/availability/index';
import { guestSpotKind } from '../../modules/guest-spots/index';
import { createListingService } from '../../modules/listings/index';
import { createCardImages } from '../../modules/gallery/index';
import { createReferenceService } from '../../modules/reference/index';
import listings from './listings.json';
import { DEMO_CITIES, demoCitySchema, type DemoCity } from './people';

/** What a demo guest spot and a demo availability both have; days are relative to the seeding day, so the demo always has current and past ones. */
const demoListingSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  start: z.number().int(),
  days: z.number().int().min(1),
  styles: z.array(z.string()),
  city: demoCitySchema.optional(),
  active: z.boolean().optional(),
});

const demoSpotSchema = demoListingSchema.extend({
  /** The studio's e-mail local part (people.json). */
  studio: z.string(),
  compensation: z.string().min(1),
  details: z.string().optional(),
  /** The structured deal: every demo spot has one, so the fact sheets, filters and matches show. */
  terms: dealTermsSchema,
  places: z.number().int().min(1).optional(),
  requirements: z.string().optional(),
});

const demoAvailabilitySchema = demoListingSchema.extend({
  /** The artist's e-mail local part (people.json). */
  artist: z.string(),
  location: z.string().min(1),
  /** What the artist looks for; a few entries name none. */
  wishes: dealWishesSchema.optional(),
  /** A country without a city ("anywhere in Germany"). */
  country: z.string().length(2).optional(),
});

type DemoListing = z.infer<typeof demoListingSchema>;

// Content, like the demo people: the listings live in listings.json, checked when the seed loads.
const demoListings = z.strictObject({ spots: z.array(demoSpotSchema), availabilities: z.array(demoAvailabilitySchema) }).parse(listings);

/** Guest spots of the demo studios, in the studio's language (German, English for NL and CZ, Spanish, French, Portuguese). */
export const DEMO_SPOTS = demoListings.spots;

/** Availabilities of the demo artists; several fit the demo studio's Kreuzberg spot on purpose. */
export const DEMO_AVAILABILITIES = demoListings.availabilities;

interface PlaceIds {
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
}

/**
 * Guest spots for the demo studios and availabilities for the demo artists: current, future,
 * past and a few inactive ones, posted through the listing services as their owners would.
 * Runs once: if any demo listing exists it does nothing.
 */
export async function seedDemoListings(db: Db, emailDomain: string): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'email_key', 'role', 'user_type', 'featured_until', 'avatar'])
    .where('email_key', 'like', `%@${emailDomain}`)
    .execute();
  const byEmail = new Map(users.map((u) => [u.email_key.slice(0, -(emailDomain.length + 1)), presentSessionUser(u)]));
  const ids = users.map((u) => u.id);
  if (ids.length === 0) return;
  const [spot, availability] = await Promise.all([
    db.selectFrom('guest_spots').select('id').where('studio_id', 'in', ids).limit(1).executeTakeFirst(),
    db.selectFrom('availabilities').select('id').where('artist_id', 'in', ids).limit(1).executeTakeFirst(),
  ]);
  if (spot || availability) return;

  const reference = createReferenceService({ db });
  const pictures = createCardImages(db);
  const spots = createListingService(guestSpotKind, { db, reference, pictures, counterpart: availabilityKind });
  const availabilities = createListingService(availabilityKind, { db, reference, pictures, counterpart: guestSpotKind });
  const styles = new Map((await db.selectFrom('styles').select(['id', 'slug']).execute()).map((s) => [s.slug, s.id]));
  const places = await findPlaces(db);
  const countryIds = new Map((await db.selectFrom('countries').select(['id', 'code']).execute()).map((c) => [c.code, c.id]));
  const today = todayInBerlin();
  const listingFields = (l: DemoListing) => ({
    title: l.title,
    description: l.description,
    startDate: addDays(today, l.start),
    endDate: addDays(today, l.start + l.days - 1),
    styleIds: l.styles.map((s) => styles.get(s)).filter((id): id is number => id !== undefined),
    isActive: l.active !== false,
  });

  for (const s of DEMO_SPOTS) {
    const studio = byEmail.get(s.studio);
    if (!studio) continue;
    // Without a city of its own a spot is at the studio's, as the form preselects it.
    const place: Partial<PlaceIds> = s.city ? (places.get(s.city) as PlaceIds) : {};
    await spots.create(
      studio,
      {
        ...listingFields(s),
        ...place,
        compensation: s.compensation,
        compensationDetails: s.details ?? null,
        terms: s.terms,
        places: s.places ?? 1,
        requirements: s.requirements ?? null,
      },
      'en',
    );
  }

  for (const a of DEMO_AVAILABILITIES) {
    const artist = byEmail.get(a.artist);
    if (!artist) continue;
    const place: PlaceIds = a.city
      ? (places.get(a.city) as PlaceIds)
      : { countryId: a.country ? (countryIds.get(a.country) ?? null) : null, cityId: null, cityName: null };
    await availabilities.create(
      artist,
      { ...listingFields(a), preferredLocation: a.location, wishes: a.wishes ?? null, countryId: place.countryId, cityId: place.cityId },
      'en',
    );
  }
}

/** Each demo city's ids in the seeded tables, by the first of its names found there. */
async function findPlaces(db: Db): Promise<Map<DemoCity, PlaceIds>> {
  const entries = Object.entries(DEMO_CITIES) as [DemoCity, (typeof DEMO_CITIES)[DemoCity]][];
  const countries = await db.selectFrom('countries').select(['id', 'code']).where('code', 'in', [...new Set(entries.map(([, c]) => c.country))]).execute();
  const countryByCode = new Map(countries.map((c) => [c.code, c.id]));
  const cities = await db
    .selectFrom('cities')
    .select(['id', 'country_id', 'name'])
    .where('name', 'in', [...new Set(entries.flatMap(([, c]) => [...c.names]))])
    .orderBy('population', 'desc')
    .execute();
  const places = new Map<DemoCity, PlaceIds>();
  for (const [key, city] of entries) {
    const countryId = countryByCode.get(city.country) ?? null;
    const found = city.names.map((n) => cities.find((c) => c.country_id === countryId && c.name === n)).find((c) => c !== undefined);
    places.set(key, { countryId, cityId: found?.id ?? null, cityName: found?.name ?? city.names[0] });
  }
  return places;
}
