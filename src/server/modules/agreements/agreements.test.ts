import { beforeEach, expect, it } from 'vitest';
import type { Agreement } from '../../../common/schemas/agreements';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { call, day, makeAdmin } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { readPdf } from '../../test/pdf';

const PARALLEL = 50;
const TERMS = {
  deal: { type: 'commission', guestSharePercent: 70, weeklyCapCents: 30000 },
  deposits: 'guest_collects',
  provides: ['station', 'ink'],
  advertising: ['instagram_post'],
  housing: 'guest_room',
  minDays: 5,
  languages: ['german', 'english'],
};

describeEachEngine('stay agreements', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { artist: 'artist', studio: 'studio', other: 'artist', admin: 'artist' });
  let stayId: number;

  /** A stay as an accepted request leaves it, written straight into the table. */
  async function insertStay(values: { startDate?: string; endDate?: string; terms?: object | null; status?: string } = {}): Promise<number> {
    const row = await t.app.ctx.db
      .insertInto('stays')
      .values({
        artist_id: people.artist.user.id,
        studio_id: people.studio.user.id,
        guest_spot_id: null,
        request_id: null,
        start_date: values.startDate ?? day(20),
        end_date: values.endDate ?? day(27),
        city_name: 'Berlin',
        terms: values.terms === null ? null : JSON.stringify(values.terms ?? TERMS),
        status: values.status ?? 'confirmed',
        created_at: new Date().toISOString(),
        cancelled_at: null,
        cancel_reason: null,
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const setLanguage = (user: TestUser, language: string) => t.app.ctx.db.updateTable('users').set({ language }).where('id', '=', user.user.id).execute();
  const agreementOf = (id: number, as: TestUser | null, lang = 'en') => call(t.app, 'GET', `/api/stays/${id}/agreement`, { as, lang });
  const accept = (id: number, as: TestUser | null, payload: object = {}) => call(t.app, 'POST', `/api/stays/${id}/agreement/accept`, { as, payload });
  const rows = (id: number) => t.app.ctx.db.selectFrom('agreement_acceptances').select(['user_id', 'side', 'terms_hash']).where('stay_id', '=', id).orderBy('id').execute();

  beforeEach(async () => {
    await makeAdmin(t.app, people.admin);
    await setLanguage(people.artist, 'de');
    await setLanguage(people.studio, 'pt');
    stayId = await insertStay();
  });

  it('shows the agreement to both parties and admins, 404 to anyone else and 401 to visitors', async () => {
    for (const who of [people.artist, people.studio, people.admin]) {
      const res = await agreementOf(stayId, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
    }
    const other = await agreementOf(stayId, people.other, 'de');
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toMatch(/\S/);
    expect((await agreementOf(stayId, null)).statusCode).toBe(401);
    expect((await agreementOf(2_000_000_000, people.artist)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/stays/abc/agreement', { as: people.artist })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/stays/99999999999/agreement', { as: people.artist })).statusCode).toBe(404);
  });

  it('answers the stay, its terms and the text in the artist’s and the studio’s language', async () => {
    const agreement: Agreement = (await agreementOf(stayId, people.artist)).json();
    expect(agreement).toMatchObject({
      stayId,
      status: 'confirmed',
      artist: { id: people.artist.user.id, name: people.artist.user.name },
      studio: { id: people.studio.user.id },
      startDate: day(20),
      endDate: day(27),
      city: 'Berlin',
      terms: TERMS,
      cancellationNoticeDays: 14,
      languages: { artist: 'de', studio: 'pt' },
      acceptances: [],
      agreed: false,
    });
    expect(agreement.termsVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(agreement.texts.map((x) => x.language)).toEqual(['de', 'pt']);
    const german = agreement.texts[0];
    expect(german?.title).toBe('Gastplatz-Vereinbarung');
    const all = german?.sections.flatMap((s) => s.lines).join('\n');
    expect(all).toContain('70 %');
    expect(all).toContain('30 %');
    expect(all).toContain('Gästezimmer');
    expect(all).toContain('14 Tage');
    expect(all).toContain('Deutsch');
    expect(german?.notice).toContain('keine Rechtsberatung');

    // The same language for both: written once.
    await setLanguage(people.studio, 'de');
    const once: Agreement = (await agreementOf(stayId, people.studio)).json();
    expect(once.texts.map((x) => x.language)).toEqual(['de']);
  });

  it('records each side’s acceptance once, tells the other side, and agrees when both accepted', async () => {
    const heard: unknown[] = [];
    const stop = t.app.ctx.events.subscribe(people.studio.user.id, (event) => heard.push(event));
    const first = await accept(stayId, people.artist);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ agreed: false, acceptances: [{ userId: people.artist.user.id, side: 'artist' }] });
    const again = await accept(stayId, people.artist);
    expect(again.statusCode).toBe(200);
    expect(again.json().acceptances).toEqual(first.json().acceptances);
    expect(await rows(stayId)).toHaveLength(1);
    // The studio's open pages hear of it once, live.
    await expect.poll(() => heard.length).toBe(1);
    stop();
    expect(heard).toEqual([{ type: 'deal.changed', requestId: null, stayId, status: 'confirmed' }]);

    const second = await accept(stayId, people.studio, { termsVersion: first.json().termsVersion });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ agreed: true });
    expect(second.json().acceptances.map((a: { side: string }) => a.side)).toEqual(['artist', 'studio']);
    expect((await agreementOf(stayId, people.admin)).json().agreed).toBe(true);

    // A mail to the other side for each first acceptance, in the recipient's language, none for the repeat.
    // In the order written: PostgreSQL moves a row it updates (delivered), so an unordered read may not be.
    const mails = await t.app.ctx.db.selectFrom('outbox_events').select('payload').where('kind', '=', 'agreements.accepted-mail').orderBy('id').execute();
    const mine = mails.map((m) => JSON.parse(m.payload) as { to: string; lang: string; stayId: number; agreed: boolean }).filter((m) => m.stayId === stayId);
    expect(mine).toEqual([
      expect.objectContaining({ to: people.studio.email, lang: 'pt', agreed: false }),
      expect.objectContaining({ to: people.artist.email, lang: 'de', agreed: true }),
    ]);
  });

  it('lets only the parties accept', async () => {
    expect((await accept(stayId, null)).statusCode).toBe(401);
    expect((await accept(stayId, people.other)).statusCode).toBe(404);
    const admin = await accept(stayId, people.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('agreementPartiesOnly');
    const bad = await accept(stayId, people.artist, { termsVersion: 'not a version' });
    expect(bad.statusCode).toBe(400);
    expect(await rows(stayId)).toEqual([]);
  });

  it('refuses to accept the agreement of a cancelled stay (409), and still shows it', async () => {
    const cancelled = await insertStay({ status: 'cancelled' });
    const res = await accept(cancelled, people.studio, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('agreementStayCancelled');
    expect((await agreementOf(cancelled, people.studio)).json().status).toBe('cancelled');
    expect(await rows(cancelled)).toEqual([]);
  });

  it('starts over when the terms change: earlier acceptances no longer count', async () => {
    const before = (await accept(stayId, people.artist)).json() as Agreement;
    await accept(stayId, people.studio);
    await t.app.ctx.db
      .updateTable('stays')
      .set({ terms: JSON.stringify({ ...TERMS, deal: { type: 'chair_rental', rentCents: 5000, rentPer: 'day' } }) })
      .where('id', '=', stayId)
      .execute();
    const after: Agreement = (await agreementOf(stayId, people.artist)).json();
    expect(after.acceptances).toEqual([]);
    expect(after.agreed).toBe(false);
    expect(after.termsVersion).not.toBe(before.termsVersion);
    // Money is written with a non-breaking space before the sign.
    expect(after.texts[0]?.sections.flatMap((s) => s.lines).join('\n').replace(/\u00a0/g, ' ')).toContain('Platzmiete von 50,00 € pro Tag');

    // A click on a page opened before the change accepts nothing.
    const stale = await accept(stayId, people.artist, { termsVersion: before.termsVersion });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('agreementChanged');
    const fresh = await accept(stayId, people.artist, { termsVersion: after.termsVersion });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().acceptances).toHaveLength(1);
    // The earlier clicks stay on record.
    expect(await rows(stayId)).toHaveLength(3);
  });

  it(`keeps one acceptance per side for ${PARALLEL} parallel accepts`, async () => {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => accept(stayId, i % 2 ? people.studio : people.artist)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: PARALLEL }, () => 200));
    const stored = await rows(stayId);
    expect(stored.map((r) => r.side).sort()).toEqual(['artist', 'studio']);
    expect((await agreementOf(stayId, people.artist)).json().agreed).toBe(true);
  });

  it('prints the agreement as a PDF in German and Portuguese with the split, the dates and the acceptances', async () => {
    const stay = await insertStay({ startDate: '2027-05-03', endDate: '2027-05-10' });
    await accept(stay, people.artist);
    const res = await call(t.app, 'GET', `/api/stays/${stay}/agreement.pdf`, { as: people.studio, lang: 'pt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Acordo-${stay}.pdf"`);
    const { text, pages } = await readPdf(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Gastplatz-Vereinbarung',
      'Vom 3. Mai 2027 bis 10. Mai 2027 (8 Tage).',
      'behält 70 %',
      'das Studio behält 30 %',
      `Angenommen von ${people.artist.user.name}`,
      'noch nicht angenommen',
      'keine Rechtsberatung',
      'Acordo de guest spot',
      'De 3 de maio de 2027 a 10 de maio de 2027 (8 dias).',
      'fica com 70 %',
      'o estúdio fica com 30 %',
      `Aceite por ${people.artist.user.name}`,
      'ainda não aceite',
      'Não é aconselhamento jurídico',
    ]) {
      expect(flat).toContain(expected);
    }
    // The German version comes first (the artist's), the Portuguese after it.
    expect(flat.indexOf('Gastplatz-Vereinbarung')).toBeLessThan(flat.indexOf('Acordo de guest spot'));
  });

  it('gives the PDF to the parties and admins only', async () => {
    expect((await call(t.app, 'GET', `/api/stays/${stayId}/agreement.pdf`, { as: people.artist })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/stays/${stayId}/agreement.pdf`, { as: people.admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/stays/${stayId}/agreement.pdf`, { as: people.other })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/stays/${stayId}/agreement.pdf`, { as: null })).statusCode).toBe(401);
  });
});
