import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { agreementHash } from '../../modules/agreements/index';
import { loadDemoAccounts } from './demo-accounts';

/**
 * The demo's deals beside Lena's application (written with the conversations): Jonas applied to
 * Nadelwerk's Kreuzberg spot too; Anker invites Lena for her Hamburg days with terms of its own;
 * Nadelwerk invited Mia for her Berlin weeks and she accepted (a confirmed stay); Lena's two weeks
 * at Nadelwerk, which its review tells of, are a completed stay. Written straight into the tables
 * (no lines in the conversations, so the demo inbox stays as it is) and once: nothing happens
 * when a demo account has a stay.
 */
export async function seedDemoDeals(db: Db, emailDomain: string): Promise<void> {
  const { ids, byEmail } = await loadDemoAccounts(db, emailDomain);
  if (ids.length === 0) return;
  const done = await db.selectFrom('stays').select('id').where('artist_id', 'in', ids).limit(1).executeTakeFirst();
  if (done) return;
  const [studio, anker, lena, jonas, mia] = ['studio', 'anker', 'lena', 'jonas.weber', 'mia.schneider'].map((name) => byEmail.get(name));
  if (!studio || !anker || !lena || !jonas || !mia) return;
  const today = todayInBerlin();
  const now = new Date().toISOString();
  const kreuzberg = await db
    .selectFrom('guest_spots as g')
    .leftJoin('cities as ci', 'ci.id', 'g.city_id')
    .select(['g.id', 'g.title', 'g.start_date', 'g.end_date', 'g.terms'])
    .select((eb) => eb.fn.coalesce('g.city_name', 'ci.name').as('city_name'))
    .where('g.studio_id', '=', studio.id)
    .where('g.is_active', '=', 1)
    .where('g.start_date', '>', today)
    .orderBy('g.start_date')
    .limit(1)
    .executeTakeFirst();
  const availabilityOf = (artistId: number) =>
    db.selectFrom('availabilities').select(['id', 'start_date', 'end_date']).where('artist_id', '=', artistId).where('end_date', '>=', today).orderBy('start_date').limit(1).executeTakeFirst();
  const [lenaTrip, miaTrip] = await Promise.all([availabilityOf(lena.id), availabilityOf(mia.id)]);
  const request = { reason: null, decided_at: null, stay_id: null, created_at: now, message: null };

  await db.transaction().execute(async (trx) => {
    if (kreuzberg) {
      await trx
        .insertInto('deal_requests')
        .values({ ...request, kind: 'application', status: 'pending', guest_spot_id: kreuzberg.id, availability_id: null, artist_id: jonas.id, studio_id: studio.id, start_date: kreuzberg.start_date, end_date: kreuzberg.end_date, terms: kreuzberg.terms })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (lenaTrip) {
      const terms = JSON.stringify({ deal: { type: 'commission', guestSharePercent: 65 }, deposits: 'guest_collects', provides: ['station', 'ink', 'gloves'], housing: 'guest_room', minDays: 5 });
      await trx
        .insertInto('deal_requests')
        .values({ ...request, kind: 'invitation', status: 'pending', guest_spot_id: null, availability_id: lenaTrip.id, artist_id: lena.id, studio_id: anker.id, start_date: addDays(lenaTrip.start_date, 2), end_date: addDays(lenaTrip.start_date, 9), terms, message: 'Moin Lena! Komm doch in deinen Hamburg-Tagen zu uns an den Hafen, das Gästezimmer ist frei.' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (kreuzberg && miaTrip) {
      const start = kreuzberg.start_date > miaTrip.start_date ? kreuzberg.start_date : miaTrip.start_date;
      const end = addDays(start, 6) < kreuzberg.end_date ? addDays(start, 6) : kreuzberg.end_date;
      const invited = await trx
        .insertInto('deal_requests')
        .values({ ...request, kind: 'invitation', status: 'accepted', guest_spot_id: kreuzberg.id, availability_id: miaTrip.id, artist_id: mia.id, studio_id: studio.id, start_date: start, end_date: end, terms: kreuzberg.terms, decided_at: now, message: 'Hallo Mia, magst du in deinen Berlin-Wochen wieder zu uns kommen?' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stay = await trx
        .insertInto('stays')
        .values({ artist_id: mia.id, studio_id: studio.id, guest_spot_id: kreuzberg.id, request_id: invited.id, start_date: start, end_date: end, city_name: kreuzberg.city_name, terms: kreuzberg.terms, status: 'confirmed', created_at: now, cancelled_at: null, cancel_reason: null, cancelled_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('deal_requests').set({ stay_id: stay.id }).where('id', '=', invited.id).execute();
      // Both accepted the written agreement of Mia's stay.
      const terms_hash = agreementHash({ terms: kreuzberg.terms, start_date: start, end_date: end, city_name: kreuzberg.city_name });
      await trx
        .insertInto('agreement_acceptances')
        .values([
          { stay_id: stay.id, user_id: mia.id, side: 'artist', terms_hash, accepted_at: now },
          { stay_id: stay.id, user_id: studio.id, side: 'studio', terms_hash, accepted_at: now },
        ])
        .execute();
    }
    // The two weeks the studio's review of Lena tells of, ended three weeks ago.
    const past = { start: addDays(today, -35), end: addDays(today, -22) };
    const applied = await trx
      .insertInto('deal_requests')
      .values({ ...request, kind: 'application', status: 'accepted', guest_spot_id: null, availability_id: null, artist_id: lena.id, studio_id: studio.id, start_date: past.start, end_date: past.end, terms: null, decided_at: now, created_at: addDays(today, -60) + 'T10:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stay = await trx
      .insertInto('stays')
      .values({ artist_id: lena.id, studio_id: studio.id, guest_spot_id: null, request_id: applied.id, start_date: past.start, end_date: past.end, city_name: 'Berlin', terms: null, status: 'completed', created_at: now, cancelled_at: null, cancel_reason: null, cancelled_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('deal_requests').set({ stay_id: stay.id }).where('id', '=', applied.id).execute();
  });
}
