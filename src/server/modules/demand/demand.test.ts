import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { artistDemandSchema, studioDemandSchema, type ArtistDemand, type StudioDemand } from '../../../common/schemas/demand';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, day, makeAdmin, placeUser, referenceIds } from '../../test/listing-factories';
import { alertEmailKey, cityAlertManageHash, cityAlertManageToken } from '../city-alerts/index';

type Ref = Awaited<ReturnType<typeof referenceIds>>;

/** Where a follower lives: a listed city, a place typed by hand in a country, or nowhere. */
type Place = { cityId: number; countryId: number } | { typed: string; countryId: number } | null;

describeEachEngine('demand by city', (engine) => {
  const t = useTestApp(engine);
  let ref: Ref;
  let de: number;

  beforeAll(async () => {
    ref = await referenceIds(t.app);
    de = ref.country('DE');
  });

  const tag = () => randomBytes(5).toString('hex');

  /** `count` accounts in a place following `artist`, written straight into the tables: they only need to exist. */
  async function followers(artist: TestUser, count: number, place: Place): Promise<number[]> {
    const db = t.app.ctx.db;
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const name = `fan_${tag()}`;
      const row = await db
        .insertInto('users')
        .values({
          username: name, username_key: name, email: `${name}@example.test`, email_key: `${name}@example.test`, password_hash: 'x', name, user_type: 'studio',
          featured_until: null, avatar: null, header_image: null, bio: null, city: null, country: null, country_name: null, gender: null, experience: null,
          instagram: null, facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null, pinterest: null, twitter: null, website: null,
          country_id: place?.countryId ?? null,
          city_id: place && 'cityId' in place ? place.cityId : place ? 0 : null,
          city_name: place && 'typed' in place ? place.typed : null,
          created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('follows').values({ follower_id: row.id, followed_id: artist.user.id, created_at: now }).execute();
      ids.push(row.id);
    }
    return ids;
  }

  /** A city alert of `email` about `artist` in a city, confirmed or still waiting for its confirmation. */
  async function alert(artist: TestUser, cityId: number, { email = `${tag()}@example.test`, confirmed = true } = {}): Promise<void> {
    const now = new Date().toISOString();
    const emailKey = alertEmailKey(email);
    await t.app.ctx.db
      .insertInto('city_alerts')
      .values({
        artist_id: artist.user.id, email, email_key: emailKey, city_id: cityId, radius_km: 50, language: 'en',
        manage_hash: cityAlertManageHash(cityAlertManageToken(t.config.sessionSecret, emailKey)),
        confirmed_at: confirmed ? now : null, created_at: now, updated_at: now,
      })
      .execute();
  }

  async function demandOf<T extends ArtistDemand | StudioDemand>(as: TestUser, lang = 'en'): Promise<T> {
    const res = await call(t.app, 'GET', '/api/demand', { as, lang });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as T;
    // The wire carries exactly the declared fields: parsing strips any other, so it would differ.
    const schema = body.kind === 'artist' ? artistDemandSchema : studioDemandSchema;
    expect(schema.parse(body)).toEqual(body);
    return body;
  }

  describe('of an artist', () => {
    it('names a city from 3 people (followers and confirmed alerts together), and counts 2 only as hidden', async () => {
      const artist = await createArtist(t.app);
      await followers(artist, 2, { cityId: ref.berlin.id, countryId: de });
      expect(await demandOf(artist)).toEqual({ kind: 'artist', cities: [], hidden: 2 });

      await alert(artist, ref.berlin.id);
      const shown = await demandOf<ArtistDemand>(artist);
      expect(shown.hidden).toBe(0);
      expect(shown.cities).toEqual([
        { cityId: ref.berlin.id, name: 'Berlin', countryCode: 'DE', lat: expect.any(Number), lng: expect.any(Number), followers: 2, alerts: 1, total: 3 },
      ]);
      expect(shown.cities[0]?.lat).toBeCloseTo(52.5, 0);
      expect(shown.cities[0]?.lng).toBeCloseTo(13.4, 0);
    });

    it('counts distinct people of this artist only: no unconfirmed alerts, no one without a place, no other artist’s', async () => {
      const [artist, other] = [await createArtist(t.app), await createArtist(t.app)];
      // München: 3 confirmed addresses (one of them also asks about Wien) and one not yet confirmed.
      const shared = `${tag()}@example.test`;
      await alert(artist, ref.munich.id, { email: shared });
      await alert(artist, ref.munich.id);
      await alert(artist, ref.munich.id);
      await alert(artist, ref.munich.id, { confirmed: false });
      await alert(artist, ref.vienna.id, { email: shared });
      // Hamburg: 2 followers with the listed city and one who typed it by hand; 4 followed by nobody here.
      await followers(artist, 2, { cityId: ref.hamburg.id, countryId: de });
      await followers(artist, 1, { typed: 'hamburg', countryId: de });
      await followers(artist, 2, null);
      await followers(artist, 1, { typed: 'Kleinkleckersdorf', countryId: de });
      await followers(other, 4, { cityId: ref.hamburg.id, countryId: de });
      await alert(other, ref.munich.id);
      await alert(other, ref.berlin.id);

      const demand = await demandOf<ArtistDemand>(artist, 'de');
      expect(demand.cities.map(({ name, followers: f, alerts, total }) => ({ name, followers: f, alerts, total }))).toEqual([
        { name: 'Hamburg', followers: 3, alerts: 0, total: 3 },
        { name: 'München', followers: 0, alerts: 3, total: 3 },
      ]);
      // Wien's one address and the village's one follower; the two without a place are not counted.
      expect(demand.hidden).toBe(2);
      expect(JSON.stringify(demand)).not.toContain('@');
      expect((await demandOf<ArtistDemand>(artist, 'en')).cities[1]?.name).toBe('Munich');
    });

    it('sorts the fullest city first and leaves out suspended followers', async () => {
      const artist = await createArtist(t.app);
      await followers(artist, 3, { cityId: ref.berlin.id, countryId: de });
      const hamburg = await followers(artist, 5, { cityId: ref.hamburg.id, countryId: de });
      expect((await demandOf<ArtistDemand>(artist)).cities.map((c) => [c.name, c.total])).toEqual([['Hamburg', 5], ['Berlin', 3]]);
      await t.app.ctx.db.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', 'in', hamburg.slice(0, 3)).execute();
      expect(await demandOf<ArtistDemand>(artist)).toMatchObject({ cities: [{ name: 'Berlin', total: 3 }], hidden: 2 });
    });
  });

  describe('of a studio', () => {
    it('counts public availabilities in its city over the next 90 days and their artists', async () => {
      const studio = await createStudio(t.app);
      await placeUser(t.app, studio, { countryId: de, cityId: ref.berlin.id, cityName: ref.berlin.name });
      const [first, second, suspended] = [await createArtist(t.app), await createArtist(t.app), await createArtist(t.app)];
      const berlin = { countryId: de, cityId: ref.berlin.id };
      await createAvailability(t.app, first, { ...berlin, startDate: day(5), endDate: day(12) });
      await createAvailability(t.app, first, { ...berlin, startDate: day(40), endDate: day(45) });
      await createAvailability(t.app, second, { ...berlin, startDate: day(90), endDate: day(100) });
      // Not counted: after the 90 days, another city, inactive, ended, hidden, a suspended artist's.
      await createAvailability(t.app, second, { ...berlin, startDate: day(91), endDate: day(95) });
      await createAvailability(t.app, second, { countryId: de, cityId: ref.hamburg.id, startDate: day(5), endDate: day(12) });
      await createAvailability(t.app, second, { ...berlin, startDate: day(5), endDate: day(12), isActive: false });
      const ended = await createAvailability(t.app, second, { ...berlin, startDate: day(5), endDate: day(12) });
      await t.app.ctx.db.updateTable('availabilities').set({ start_date: day(-10), end_date: day(-1) }).where('id', '=', ended.id).execute();
      const hidden = await createAvailability(t.app, second, { ...berlin, startDate: day(5), endDate: day(12) });
      await t.app.ctx.db.updateTable('availabilities').set({ hidden_at: new Date().toISOString() }).where('id', '=', hidden.id).execute();
      await createAvailability(t.app, suspended, { ...berlin, startDate: day(5), endDate: day(12) });
      await t.app.ctx.db.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', '=', suspended.user.id).execute();

      expect(await demandOf(studio)).toEqual({ kind: 'studio', city: { cityId: ref.berlin.id, name: 'Berlin', countryCode: 'DE' }, availabilities: 3, artists: 2 });
    });

    it('reads a city typed by hand as the listed one, and answers none without a place', async () => {
      const studio = await createStudio(t.app);
      expect(await demandOf(studio)).toEqual({ kind: 'studio', city: null, availabilities: 0, artists: 0 });
      await placeUser(t.app, studio, { countryId: de, cityId: 0, cityName: 'münchen' });
      expect(await demandOf(studio, 'en')).toEqual({ kind: 'studio', city: { cityId: ref.munich.id, name: 'Munich', countryCode: 'DE' }, availabilities: 0, artists: 0 });
    });
  });

  it('answers visitors 401 and staff 403', async () => {
    expect((await call(t.app, 'GET', '/api/demand')).statusCode).toBe(401);
    const admin = await makeAdmin(t.app, await createArtist(t.app));
    const res = await call(t.app, 'GET', '/api/demand', { as: admin, lang: 'de' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBeTruthy();
  });
});
