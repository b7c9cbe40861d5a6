import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { VERIFICATION_DOCUMENT_MAX_BYTES } from '../../../common/schemas/trust';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, makeAdmin } from '../../test/listing-factories';
import { givePictures } from '../../test/pictures';
import { multipartBody, type TestFile } from '../../test/multipart';
import { runReviewMails } from './mail';

const HOUR_MS = 3_600_000;
const PARALLEL = 50;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function insertStay(app: FastifyInstance, artist: TestUser, studio: TestUser, from: number, to: number, status = 'confirmed'): Promise<number> {
  const row = await app.ctx.db
    .insertInto('stays')
    .values({
      artist_id: artist.user.id, studio_id: studio.user.id, guest_spot_id: null, request_id: null, start_date: day(from), end_date: day(to),
      city_name: null, terms: null, status, created_at: new Date().toISOString(), cancelled_at: null, cancel_reason: null, cancelled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An application to `studio` made `ageHours` ago and answered `answeredAfterHours` later (null: not answered). */
async function insertRequest(app: FastifyInstance, artist: TestUser, studio: TestUser, opts: { status: string; ageHours: number; answeredAfterHours?: number | null; kind?: string; startDay?: number }) {
  const created = Date.now() - opts.ageHours * HOUR_MS;
  const answered = opts.answeredAfterHours === undefined || opts.answeredAfterHours === null ? null : new Date(created + opts.answeredAfterHours * HOUR_MS).toISOString();
  await app.ctx.db
    .insertInto('deal_requests')
    .values({
      kind: opts.kind ?? 'application', status: opts.status, guest_spot_id: null, availability_id: null, artist_id: artist.user.id, studio_id: studio.user.id,
      start_date: day(opts.startDay ?? 30), end_date: day((opts.startDay ?? 30) + 5), terms: null, message: null, reason: null,
      created_at: new Date(created).toISOString(), decided_at: answered, stay_id: null,
    })
    .execute();
}

describeEachEngine('trust', (engine) => {
  const t = useTestApp(engine);
  const trustOf = async (user: TestUser) => {
    const res = await call(t.app, 'GET', `/api/users/${user.user.id}/trust`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('figures', () => {
    it('shows no rate or time below five answered requests, and counts completed stays only', async () => {
      const [studio, artist] = [await createStudio(t.app), await createArtist(t.app)];
      for (let i = 0; i < 4; i++) await insertRequest(t.app, artist, studio, { status: 'accepted', ageHours: 48, answeredAfterHours: 2 });
      await insertStay(t.app, artist, studio, -30, -20);
      await insertStay(t.app, artist, studio, -10, -5, 'cancelled');
      await insertStay(t.app, artist, studio, -2, 4);
      expect(await trustOf(studio)).toEqual({ responseRate: null, typicalResponseHours: null, answeredRequests: 4, completedStays: 1, verifiedStudio: false });
      expect((await trustOf(artist)).completedStays).toBe(1);
    });

    it('computes the rate over answered and missed requests of 90 days, and the median answer time', async () => {
      const [studio, artist] = [await createStudio(t.app), await createArtist(t.app)];
      for (const hours of [1, 2, 3, 4, 5, 30]) await insertRequest(t.app, artist, studio, { status: hours % 2 ? 'accepted' : 'declined', ageHours: 100, answeredAfterHours: hours });
      await insertRequest(t.app, artist, studio, { status: 'expired', ageHours: 200 });
      // Pending past its first day reads as expired; pending in time and withdrawn count for nothing.
      await insertRequest(t.app, artist, studio, { status: 'pending', ageHours: 300, startDay: -1 });
      await insertRequest(t.app, artist, studio, { status: 'pending', ageHours: 5 });
      await insertRequest(t.app, artist, studio, { status: 'withdrawn', ageHours: 5 });
      // Older than 90 days, and one the studio sent itself (an invitation the artist answers).
      await insertRequest(t.app, artist, studio, { status: 'expired', ageHours: 91 * 24 });
      await insertRequest(t.app, artist, studio, { status: 'expired', ageHours: 10, kind: 'invitation' });
      expect(await trustOf(studio)).toMatchObject({ responseRate: 75, typicalResponseHours: 3.5, answeredRequests: 6 });
      // The artist had one invitation to answer, and missed it.
      expect(await trustOf(artist)).toMatchObject({ responseRate: null, answeredRequests: 0 });
    });

    it('answers 404 for an unknown user or an admin and 400 for a malformed id', async () => {
      expect((await call(t.app, 'GET', '/api/users/99999999/trust')).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/users/abc/trust')).statusCode).toBe(400);
      const admin = await makeAdmin(t.app, await createArtist(t.app));
      expect((await call(t.app, 'GET', `/api/users/${admin.user.id}/trust`)).statusCode).toBe(404);
    });
  });

  describe('review prompts', () => {
    it('asks both sides of a stay that ended in the last 60 days, until each reviewed the other', async () => {
      const [studio, artist] = [await createStudio(t.app), await createArtist(t.app)];
      expect((await call(t.app, 'GET', '/api/trust/review-prompts')).statusCode).toBe(401);
      const ended = await insertStay(t.app, artist, studio, -12, -3);
      await insertStay(t.app, artist, studio, -90, -70);
      const other = await createStudio(t.app);
      await insertStay(t.app, artist, other, -1, 5);
      const prompts = async (as: TestUser) => (await call(t.app, 'GET', '/api/trust/review-prompts', { as })).json().prompts;
      expect(await prompts(artist)).toEqual([
        { stayId: ended, endDate: day(-3), otherUser: { id: studio.user.id, name: studio.user.name, username: studio.user.username, avatar: null } },
      ]);
      expect((await prompts(studio)).map((p: { stayId: number }) => p.stayId)).toEqual([ended]);
      const saved = await call(t.app, 'POST', '/api/reviews/simple', { as: artist, payload: { reviewerId: artist.user.id, reviewedId: studio.user.id, rating: 4 } });
      expect(saved.statusCode).toBe(201);
      expect(await prompts(artist)).toEqual([]);
      expect(await prompts(studio)).toHaveLength(1);
    });

    it('mails each side of an ended stay once, in its language, whatever the number of runs', async () => {
      const [studio, artist] = [await createStudio(t.app), await createArtist(t.app)];
      await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', artist.user.id).execute();
      const stay = await insertStay(t.app, artist, studio, -6, -1);
      const sent: Mail[] = [];
      const mailer = { send: async (mail: Mail) => void sent.push(mail) };
      const runs = await Promise.all([1, 2, 3].map(() => runReviewMails({ ...t.app.ctx, mailer })));
      const ours = sent.filter((m) => m.to === artist.email || m.to === studio.email);
      expect(ours.map((m) => m.to).sort()).toEqual([artist.email, studio.email].sort());
      expect(ours.find((m) => m.to === artist.email)?.subject).toContain('Aufenthalt');
      expect(ours.find((m) => m.to === studio.email)?.text).toContain(`?tab=reviews`);
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
      await runReviewMails({ ...t.app.ctx, mailer });
      expect(sent.filter((m) => m.to === artist.email || m.to === studio.email)).toHaveLength(2);
      const marks = await t.app.ctx.db.selectFrom('stay_review_mails').select('user_id').where('stay_id', '=', stay).execute();
      expect(marks).toHaveLength(2);
    });
  });

  describe('studio verification', () => {
    let png: Buffer;
    let admin: TestUser;
    beforeAll(async () => {
      png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
      admin = await makeAdmin(t.app, await createArtist(t.app));
    });
    const upload = async (as: TestUser | null, file?: TestFile) => {
      const body = await multipartBody({}, file);
      return t.app.inject({ method: 'POST', url: '/api/trust/verification', payload: body.payload, headers: { ...body.headers, ...(as ? { cookie: as.cookie } : {}), 'accept-language': 'en' } });
    };
    const pngFile = (): TestFile => ({ data: png, field: 'document', filename: 'certificate.png', type: 'image/png' });

    it('refuses visitors (401), artists (403), other types (400), no file (400) and too large files (413)', async () => {
      const studio = await createStudio(t.app);
      expect((await upload(null, pngFile())).statusCode).toBe(401);
      expect((await upload(await createArtist(t.app), pngFile())).statusCode).toBe(403);
      const text = await upload(studio, { data: Buffer.from('just some words, not a certificate'), field: 'document', filename: 'a.pdf', type: 'application/pdf' });
      expect(text.statusCode).toBe(400);
      expect(text.json().code).toBe('verificationType');
      expect((await upload(studio)).statusCode).toBe(400);
      const big = Buffer.concat([PDF, Buffer.alloc(VERIFICATION_DOCUMENT_MAX_BYTES)]);
      const large = await upload(studio, { data: big, field: 'document', filename: 'big.pdf', type: 'application/pdf' });
      expect(large.statusCode).toBe(413);
      expect(large.json().code).toBe('verificationTooLarge');
      expect((await call(t.app, 'GET', '/api/trust/verification', { as: studio })).json().status).toBe('none');
      expect((await call(t.app, 'GET', '/api/trust/verification', { as: await createArtist(t.app) })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/trust/verification')).statusCode).toBe(401);
    });

    it('keeps the document private: 200 to its studio and admins, 404 to everyone else', async () => {
      const studio = await createStudio(t.app);
      const res = await upload(studio, { data: PDF, field: 'document', filename: 'registration.pdf', type: 'application/pdf' });
      expect(res.statusCode).toBe(201);
      const { id, status } = res.json();
      expect(status).toBe('pending');
      const url = `/api/trust/verification/${id}/document`;
      const own = await call(t.app, 'GET', url, { as: studio });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.equals(PDF)).toBe(true);
      expect((await call(t.app, 'GET', url, { as: admin })).statusCode).toBe(200);
      for (const other of [null, await createStudio(t.app), await createArtist(t.app)]) expect((await call(t.app, 'GET', url, { as: other })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/trust/verification/99999999/document', { as: admin })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/trust/verification/x/document', { as: admin })).statusCode).toBe(400);
      // One waits at a time.
      expect((await upload(studio, pngFile())).statusCode).toBe(409);
    });

    it(`files one document of ${PARALLEL} parallel uploads`, async () => {
      const studio = await createStudio(t.app);
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => upload(studio, pngFile())));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
      expect(await t.app.ctx.db.selectFrom('studio_verifications').select('id').where('user_id', '=', studio.user.id).execute()).toHaveLength(1);
    });

    it(`approves once of ${PARALLEL} parallel approvals, audited, and the badge shows`, async () => {
      const studio = await createStudio(t.app);
      const { id } = (await upload(studio, pngFile())).json();
      expect((await call(t.app, 'GET', '/api/admin/verifications')).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/admin/verifications', { as: studio })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', `/api/admin/verifications/${id}/approve`, { as: studio })).statusCode).toBe(403);
      const queue = (await call(t.app, 'GET', '/api/admin/verifications?status=pending', { as: admin })).json().verifications;
      expect(queue.find((v: { id: number }) => v.id === id)).toMatchObject({ status: 'pending', contentType: 'image/png', studio: { id: studio.user.id } });
      expect((await call(t.app, 'GET', '/api/admin/verifications?status=nope', { as: admin })).statusCode).toBe(400);

      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(t.app, 'POST', `/api/admin/verifications/${id}/approve`, { as: admin })));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'admin_id']).where('target_type', '=', 'verification').where('target_id', '=', String(id)).execute();
      expect(audit).toEqual([{ action: 'verification.approve', admin_id: admin.user.id }]);
      expect((await trustOf(studio)).verifiedStudio).toBe(true);
      expect((await call(t.app, 'GET', '/api/trust/verification', { as: studio })).json()).toMatchObject({ status: 'approved', id });
      expect((await upload(studio, pngFile())).statusCode).toBe(409);
      expect((await call(t.app, 'POST', '/api/admin/verifications/99999999/approve', { as: admin })).statusCode).toBe(404);
    });

    it('puts the badge on the approved studio\'s guest spot cards, studio card and search hits, and on no one else\'s', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const [approved, plain] = [await createStudio(t.app, { username: `badge_${tag}` }), await createStudio(t.app, { username: `plain_${tag}` })];
      const artist = await createArtist(t.app, { username: `artist_${tag}` });
      await givePictures(t.app, [approved, plain, artist]);
      const spots = [await createGuestSpot(t.app, approved, { title: `Zebrawood ${tag} one` }), await createGuestSpot(t.app, plain, { title: `Zebrawood ${tag} two` })];
      const trip = await createAvailability(t.app, artist, { title: `Zebrawood ${tag} trip` });
      const { id } = (await upload(approved, pngFile())).json();

      const badges = async () => {
        const list = (await call(t.app, 'GET', `/api/guest-spots?q=zebrawood+${tag}`)).json().items as { id: number; studio: { id: number; verified: boolean } }[];
        const detail = (await call(t.app, 'GET', `/api/guest-spots/by-slug/${spots[0]?.slug}`)).json() as { studio: { verified: boolean } };
        const studios = (await call(t.app, 'GET', '/api/studios?limit=50')).json().items as { id: number; verified: boolean }[];
        const artists = (await call(t.app, 'GET', '/api/artists?limit=50')).json().items as { id: number; verified: boolean }[];
        const trips = (await call(t.app, 'GET', `/api/artist-availability?q=zebrawood+${tag}`)).json().items as { id: number; artist: { verified: boolean } }[];
        const search = (await call(t.app, 'GET', `/api/search?q=${tag}`)).json().results as { type: string; id: number; verified: boolean }[];
        const hit = (type: string, hitId: number) => search.find((r) => r.type === type && r.id === hitId)?.verified;
        return {
          spots: spots.map((spot) => list.find((item) => item.id === spot.id)?.studio.verified),
          detail: detail.studio.verified,
          studios: [approved, plain].map((s) => studios.find((item) => item.id === s.user.id)?.verified),
          artist: artists.find((item) => item.id === artist.user.id)?.verified,
          trip: trips.find((item) => item.id === trip.id)?.artist.verified,
          profiles: [approved, plain, artist].map((u) => hit('profiles', u.user.id)),
          searchSpots: spots.map((spot) => hit('guestspots', spot.id)),
          searchTrip: hit('availabilities', trip.id),
        };
      };
      // Read once before the approval, so the kept answers must be cleared by it.
      expect(await badges()).toEqual({
        spots: [false, false], detail: false, studios: [false, false], artist: false, trip: false,
        profiles: [false, false, false], searchSpots: [false, false], searchTrip: false,
      });
      expect((await call(t.app, 'POST', `/api/admin/verifications/${id}/approve`, { as: admin })).statusCode).toBe(200);
      expect(await badges()).toEqual({
        spots: [true, false], detail: true, studios: [true, false], artist: false, trip: false,
        profiles: [true, false, false], searchSpots: [true, false], searchTrip: false,
      });
    });

    it('rejects with a reason, audited; the studio reads it and may send another document', async () => {
      const studio = await createStudio(t.app);
      const { id } = (await upload(studio, pngFile())).json();
      const missing = await call(t.app, 'POST', `/api/admin/verifications/${id}/reject`, { as: admin, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('adminReasonRequired');
      expect((await call(t.app, 'POST', `/api/admin/verifications/${id}/reject`, { as: admin, payload: { reason: 'The document is unreadable.' } })).statusCode).toBe(200);
      expect((await call(t.app, 'POST', `/api/admin/verifications/${id}/approve`, { as: admin })).statusCode).toBe(409);
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'reason']).where('target_type', '=', 'verification').where('target_id', '=', String(id)).execute();
      expect(audit).toEqual([{ action: 'verification.reject', reason: 'The document is unreadable.' }]);
      expect((await call(t.app, 'GET', '/api/trust/verification', { as: studio })).json()).toMatchObject({ status: 'rejected', reason: 'The document is unreadable.' });
      expect((await trustOf(studio)).verifiedStudio).toBe(false);
      expect((await upload(studio, { data: PDF, field: 'document', filename: 'again.pdf', type: 'application/pdf' })).statusCode).toBe(201);
    });
  });
});
