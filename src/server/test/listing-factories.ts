import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Availability, AvailabilityCreateInput } from '../../common/schemas/availability';
import type { GuestSpot, GuestSpotCreateInput } from '../../common/schemas/guest-spots';
import { addDays, todayInBerlin } from '../../common/schemas/listing-fields';
import type { TestUser } from './factories';

/** A day relative to today (in Berlin, the listings' calendar), as the forms send it. */
export const day = (offset: number) => addDays(todayInBerlin(), offset);

/** Calls the API as a user (or a visitor) in a language. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { as?: TestUser | null; payload?: unknown; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en' };
  if (opts.as) headers.cookie = opts.as.cookie;
  return app.inject({ method, url, headers, ...(opts.payload === undefined ? {} : { payload: opts.payload as object }) });
}

/** The two kinds of listing, by the API each is posted to: studios offer guest spots, artists their availability. */
const LISTING_APIS = { 'guest-spot': '/api/guest-spots', availability: '/api/artist-availability' } as const;
type ListingKind = keyof typeof LISTING_APIS;

/** Posts a listing of a kind as a user (or a visitor) in a language; answers the response, whatever its status. */
export function postListing(app: FastifyInstance, kind: ListingKind, opts: { as?: TestUser | null; lang?: string }, payload: unknown): Promise<LightMyRequestResponse> {
  return call(app, 'POST', LISTING_APIS[kind], { ...opts, payload });
}

/** Posts a guest spot as a studio; fails the test on anything but 201. */
export async function createGuestSpot(app: FastifyInstance, studio: TestUser, input: Partial<GuestSpotCreateInput> = {}): Promise<GuestSpot> {
  const res = await postListing(app, 'guest-spot', { as: studio }, { title: 'Guest spot in our studio', startDate: day(10), endDate: day(20), ...input });
  if (res.statusCode !== 201) throw new Error(`guest spot not created ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Posts an availability as an artist; fails the test on anything but 201. */
export async function createAvailability(app: FastifyInstance, artist: TestUser, input: Partial<AvailabilityCreateInput> = {}): Promise<Availability> {
  const res = await postListing(app, 'availability', { as: artist }, { title: 'Available for guest spots', startDate: day(10), endDate: day(20), ...input });
  if (res.statusCode !== 201) throw new Error(`availability not created ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Gives a user the admin role; sessions read the role on every request. */
export async function makeAdmin(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  await app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.user.id).execute();
  return user;
}

/** Ids of seeded reference data the tests name: styles by slug, countries by code, cities by name. */
export async function referenceIds(app: FastifyInstance) {
  const db = app.ctx.db;
  const styles = new Map((await db.selectFrom('styles').select(['id', 'slug']).execute()).map((s) => [s.slug, s.id]));
  const countries = new Map((await db.selectFrom('countries').select(['id', 'code']).where('code', 'in', ['DE', 'AT', 'FR']).execute()).map((c) => [c.code, c.id]));
  const city = async (code: string, names: string[]) => {
    const row = await db
      .selectFrom('cities')
      .innerJoin('countries', 'countries.id', 'cities.country_id')
      .select(['cities.id', 'cities.name'])
      .where('countries.code', '=', code)
      .where('cities.name', 'in', names)
      .orderBy('cities.population', 'desc')
      .executeTakeFirstOrThrow();
    return row;
  };
  return {
    style: (slug: string) => styles.get(slug) as number,
    country: (code: 'DE' | 'AT' | 'FR') => countries.get(code) as number,
    berlin: await city('DE', ['Berlin']),
    hamburg: await city('DE', ['Hamburg']),
    munich: await city('DE', ['München', 'Munich']),
    vienna: await city('AT', ['Wien', 'Vienna']),
  };
}

/** Puts a user in a city, as the profile form would. */
export async function placeUser(app: FastifyInstance, user: TestUser, place: { countryId: number; cityId: number; cityName: string }) {
  await app.ctx.db
    .updateTable('users')
    .set({ country_id: place.countryId, city_id: place.cityId, city_name: place.cityName })
    .where('id', '=', user.user.id)
    .execute();
}
