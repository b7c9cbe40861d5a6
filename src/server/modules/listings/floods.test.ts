import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ListingBase } from '../../../common/schemas/listing-fields';
import { AppError } from '../../errors';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, day, makeAdmin } from '../../test/listing-factories';
import { availabilityKind } from '../availability/index';
import { createCardImages } from '../gallery/index';
import { guestSpotKind } from '../guest-spots/index';
import { createReferenceService } from '../reference/index';
import type { ListingCreateInput, ListingKind } from './kind';
import { ACTIVE_LISTINGS_MAX, LISTING_CREATE_LIMIT, createListingService } from './service';

const KINDS = [
  {
    name: 'guest spots',
    kind: guestSpotKind as ListingKind,
    counterpart: availabilityKind as ListingKind,
    owner: createStudio,
    stranger: createArtist,
    table: 'guest_spots',
    ownerColumn: 'studio_id',
    onlyCode: 'onlyStudios',
  },
  {
    name: 'availabilities',
    kind: availabilityKind as ListingKind,
    counterpart: guestSpotKind as ListingKind,
    owner: createArtist,
    stranger: createStudio,
    table: 'availabilities',
    ownerColumn: 'artist_id',
    onlyCode: 'onlyArtists',
  },
] as const;

const valid = (extra: Partial<ListingCreateInput> = {}) => ({ title: 'Flooding the list', startDate: day(10), endDate: day(20), ...extra });

describeEachEngine('listing floods', (engine) => {
  const t = useTestApp(engine);

  for (const k of KINDS) {
    describe(k.name, () => {
      const app = (): FastifyInstance => t.app;
      /** The kind's service as the demo seed builds it: without the hourly limit, with the cap. */
      const direct = () => {
        const db = app().ctx.db;
        return createListingService(k.kind, { db, reference: createReferenceService({ db }), pictures: createCardImages(db), counterpart: k.counterpart });
      };
      /** Posts `n` listings one after another past the HTTP limits, answering their ids. */
      const fill = async (owner: TestUser, n: number, extra: Partial<ListingCreateInput> = {}) => {
        const service = direct();
        const ids: number[] = [];
        for (let i = 0; i < n; i++) ids.push((await service.create(owner.user, valid({ title: `Filler ${i}`, ...extra }), 'en')).id);
        return ids;
      };
      /** The owner's listings the public lists show today. */
      const activeCount = async (owner: TestUser) => {
        const row = await app()
          .ctx.db.selectFrom(k.table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(k.ownerColumn, '=', owner.user.id)
          .where('is_active', '=', 1)
          .where('end_date', '>=', day(0))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const post = (owner: TestUser | null, payload: unknown = valid(), lang = 'en') => call(app(), 'POST', k.kind.apiPath, { as: owner, payload, lang });
      const put = (owner: TestUser | null, id: number, payload: unknown) => call(app(), 'PUT', `${k.kind.apiPath}/${id}`, { as: owner, payload });
      const statuses = (codes: number[]) => codes.reduce<Record<number, number>>((all, c) => ({ ...all, [c]: (all[c] ?? 0) + 1 }), {});

      it(`refuses the ${LISTING_CREATE_LIMIT.max + 1}st create of an hour with 429, Retry-After and the text in the request's language`, async () => {
        const owner = await k.owner(app());
        for (let i = 0; i < LISTING_CREATE_LIMIT.max; i++) expect((await post(owner, valid({ title: `Hourly ${i}` }))).statusCode, `create ${i + 1}`).toBe(201);
        const res = await post(owner, valid(), 'de');
        expect(res.statusCode).toBe(429);
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(3000);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect(res.json()).toMatchObject({ code: 'listingCreatesPerHour', retryAfter });
        expect(res.json().error).toBe(`Du hast in der letzten Stunde 30 Einträge erstellt. Bitte versuche es in 60 Min. erneut.`);
        expect(await activeCount(owner)).toBe(LISTING_CREATE_LIMIT.max);
        // The limit is the account's: another owner still posts.
        expect((await post(await k.owner(app()))).statusCode).toBe(201);
      });

      it('refuses a visitor and another account type as before, without counting them against anyone', async () => {
        const owner = await k.owner(app());
        const stranger = await k.stranger(app());
        for (let i = 0; i <= LISTING_CREATE_LIMIT.max; i++) {
          expect((await post(null)).statusCode).toBe(401);
          const refused = await post(stranger);
          expect(refused.statusCode).toBe(403);
          expect(refused.json().code).toBe(k.onlyCode);
        }
        const [id] = await fill(owner, 1, { isActive: false });
        const other = await k.owner(app());
        expect((await put(other, id as number, { isActive: true })).statusCode).toBe(403);
        expect((await put(null, id as number, { isActive: true })).statusCode).toBe(401);
        expect((await post(owner)).statusCode).toBe(201);
      });

      it(`refuses the ${ACTIVE_LISTINGS_MAX + 1}st active listing with 409; inactive and ended ones do not count`, async () => {
        const owner = await k.owner(app());
        await fill(owner, ACTIVE_LISTINGS_MAX);
        const refused = await post(owner, valid(), 'fr');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().code).toBe(k.kind.tooManyActiveCode);
        expect(refused.json().error).toContain(`${ACTIVE_LISTINGS_MAX}`);
        expect(refused.json().error).toMatch(/^Tu as déjà 50 /);
        // The seed's way (no hourly limit) meets the same cap.
        await expect(direct().create(owner.user, valid(), 'en')).rejects.toMatchObject({ status: 409, code: k.kind.tooManyActiveCode });
        const paused = await post(owner, valid({ title: 'Paused', isActive: false }));
        expect(paused.statusCode).toBe(201);
        const ended = await post(owner, valid({ title: 'Over', startDate: day(-10), endDate: day(-1) }));
        expect(ended.statusCode).toBe(201);
        expect(await activeCount(owner)).toBe(ACTIVE_LISTINGS_MAX);
      });

      it('applies the cap to a listing shown again: activated, or its end moved past today', async () => {
        const owner = await k.owner(app());
        const [first] = await fill(owner, ACTIVE_LISTINGS_MAX);
        const [paused] = await fill(owner, 1, { isActive: false });
        const [ended] = await fill(owner, 1, { startDate: day(-10), endDate: day(-1) });
        const activate = await put(owner, paused as number, { isActive: true });
        expect(activate.statusCode).toBe(409);
        expect(activate.json().code).toBe(k.kind.tooManyActiveCode);
        expect((await put(owner, ended as number, { endDate: day(5) })).statusCode).toBe(409);
        // Edits that show nothing new pass: a title, an active listing's activation, an ended one's other dates.
        expect((await put(owner, first as number, { title: 'Renamed', isActive: true, endDate: day(30) })).statusCode).toBe(200);
        expect((await put(owner, ended as number, { startDate: day(-9), endDate: day(-2) })).statusCode).toBe(200);
        expect((await put(owner, paused as number, { title: 'Still paused', endDate: day(40) })).statusCode).toBe(200);
        // An admin's edit counts against the owner's cap too.
        const admin = await makeAdmin(app(), await createArtist(app()));
        expect((await put(admin, paused as number, { isActive: true })).statusCode).toBe(409);
        expect(await activeCount(owner)).toBe(ACTIVE_LISTINGS_MAX);
        expect((await put(owner, first as number, { isActive: false })).statusCode).toBe(200);
        expect((await put(owner, paused as number, { isActive: true })).statusCode).toBe(200);
        expect((await put(owner, ended as number, { endDate: day(5) })).statusCode).toBe(409);
        expect(await activeCount(owner)).toBe(ACTIVE_LISTINGS_MAX);
      });

      it('keeps at most the cap of 50 creates sent at once, the hourly limit counted first', async () => {
        const owner = await k.owner(app());
        await fill(owner, 25);
        const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(owner, valid({ title: `Racing ${i}` }))));
        // 30 pass the hourly limit; 25 of them fit under the cap.
        expect(statuses(answers.map((r) => r.statusCode))).toEqual({ 201: 25, 409: 5, 429: 20 });
        expect(await activeCount(owner)).toBe(ACTIVE_LISTINGS_MAX);
      });

      it('keeps at most the cap of 60 creates sent at once without the hourly limit', async () => {
        const owner = await k.owner(app());
        const service = direct();
        const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => service.create(owner.user, valid({ title: `Seeded ${i}` }), 'en')));
        const created = results.filter((r): r is PromiseFulfilledResult<ListingBase> => r.status === 'fulfilled');
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
        expect(created).toHaveLength(ACTIVE_LISTINGS_MAX);
        expect(refused).toHaveLength(10);
        for (const error of refused) expect(error).toBeInstanceOf(AppError);
        expect(refused.map((e: AppError) => e.status)).toEqual(Array(10).fill(409));
        expect(await activeCount(owner)).toBe(ACTIVE_LISTINGS_MAX);
      });

      it('keeps at most the cap of reactivations and creates sent at once', async () => {
        const owner = await k.owner(app());
        await fill(owner, 40);
        const paused = await fill(owner, 10, { isActive: false });
        const answers = await Promise.all([
          ...paused.map((id) => put(owner, id, { isActive: true })),
          ...Array.from({ length: 10 }, (_, i) => post(owner, valid({ title: `Mixed ${i}` }))),
        ]);
        const codes = statuses(answers.map((r) => r.statusCode));
        expect((codes[200] ?? 0) + (codes[201] ?? 0)).toBe(10);
        expect(codes[409]).toBe(10);
        expect(await activeCount(owner)).toBe(ACTIVE_LISTINGS_MAX);
      });
    });
  }
});
