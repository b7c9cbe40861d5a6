import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, it, vi } from 'vitest';
import type { CityAlertList } from '../../../common/schemas/city-alerts';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day } from '../../test/listing-factories';

const PARALLEL = 50;
/** 0.36 degrees of latitude: about 40 km north of the alert's city. */
const NORTH_40_KM = 0.36;

describeEachEngine('city alerts without an account', (engine) => {
  let artist: TestUser;
  let germany: number;
  let home: number;
  let near: number;
  let sent: Mail[];

  const t = useTestApp(engine, async ({ app }) => {
    const db = app.ctx.db;
    germany = (await db.selectFrom('countries').select('id').where('code', '=', 'DE').executeTakeFirstOrThrow()).id;
    const city = async (name: string, latitude: number) =>
      (await db.insertInto('cities').values({ country_id: germany, name, latitude, longitude: 10, population: 1000 }).returning('id').executeTakeFirstOrThrow()).id;
    home = await city('Alertheim', 50);
    near = await city('Gastdorf', 50 + NORTH_40_KM);
  });

  beforeEach(async () => {
    artist = await createArtist(t.app);
    await t.app.ctx.db.updateTable('users').set({ name: 'Lena Ink' }).where('id', '=', artist.user.id).execute();
    sent = [];
    vi.spyOn(t.app.ctx.mailer, 'send').mockImplementation(async (mail) => {
      sent.push(mail);
    });
  });

  const address = () => `fan-${randomBytes(4).toString('hex')}@example.test`;
  const someIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  const ask = (payload: Record<string, unknown>, opts: { ip?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/city-alerts',
      remoteAddress: opts.ip ?? someIp(),
      headers: { 'accept-language': opts.lang ?? 'en' },
      payload: { artistId: artist.user.id, cityId: home, radiusKm: 50, language: 'en', ...payload },
    });

  const mailsTo = async (email: string) => {
    await t.app.ctx.outbox.drain();
    return sent.filter((m) => m.to === email);
  };

  const linkIn = (mail: Mail | undefined, pattern: RegExp) => {
    const match = pattern.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no link ${pattern} in ${mail?.text}`);
    return match[1];
  };
  const confirmTokenIn = (mail: Mail | undefined) => linkIn(mail, /\/alerts\/confirm\/(\S+)/);
  const manageTokenIn = (mail: Mail | undefined) => linkIn(mail, /\/alerts\/(?!confirm\/)(\S+)/);

  /** Asks and confirms from the mail; answers the confirmation mail. */
  const subscribe = async (email: string, radiusKm: number, language = 'en') => {
    expect((await ask({ email, radiusKm, language })).statusCode).toBe(202);
    const [mail] = await mailsTo(email);
    expect((await call(t.app, 'GET', `/api/city-alerts/confirm?token=${confirmTokenIn(mail)}`)).statusCode).toBe(200);
    return mail as Mail;
  };

  /** A studio in the city 40 km away accepts the artist's application: a confirmed stay. */
  const confirmStay = async (startOffset = 10): Promise<number> => {
    const studio = await createStudio(t.app);
    await t.app.ctx.db.updateTable('users').set({ name: 'Nadelwerk Gastdorf' }).where('id', '=', studio.user.id).execute();
    const spot = await createGuestSpot(t.app, studio, { countryId: germany, cityId: near, startDate: day(startOffset), endDate: day(startOffset + 5) });
    const applied = await call(t.app, 'POST', `/api/guest-spots/${spot.id}/apply`, { as: artist, payload: {} });
    const accepted = await call(t.app, 'POST', `/api/applications/${applied.json().applicationId}/accept`, { as: studio });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().stay.id;
  };

  it('sends nothing but the confirmation before the address confirmed, then tells of the next stay', async () => {
    const email = address();
    const answer = await ask({ email, language: 'de' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({});
    const [confirmation, ...rest] = await mailsTo(email);
    expect(rest).toEqual([]);
    expect(confirmation?.subject).toContain('Lena Ink');
    expect(confirmation?.text).toContain('Alertheim');
    expect(confirmation?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(confirmation?.text).toContain('/de/alerts/');

    await confirmStay(10);
    expect(await mailsTo(email)).toHaveLength(1);

    const confirmed = await call(t.app, 'GET', `/api/city-alerts/confirm?token=${confirmTokenIn(confirmation)}`, { lang: 'de' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ artist: { name: 'Lena Ink' }, city: 'Alertheim', radiusKm: 50 });
    // Following the link again answers the same.
    expect((await call(t.app, 'GET', `/api/city-alerts/confirm?token=${confirmTokenIn(confirmation)}`)).statusCode).toBe(200);
    await confirmStay(30);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Lena Ink kommt in die Nähe von Alertheim');
    expect(mails[1]?.text).toContain('Nadelwerk Gastdorf');
    expect(mails[1]?.text).toContain('40 km');
    expect(mails[1]?.text).toContain(`/de/${artist.user.username}`);
    expect(mails[1]?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/city-alerts\/unsubscribe\/\d+\.[\w-]+>$/);
  });

  it('tells a 50 km alert of a stay 40 km away, and not a 25 km one', async () => {
    const [wide, narrow] = [address(), address()];
    await subscribe(wide, 50);
    await subscribe(narrow, 25);
    await confirmStay();
    expect(await mailsTo(wide)).toHaveLength(2);
    expect(await mailsTo(narrow)).toHaveLength(1);
  });

  it('tells of an availability once, also when it is deactivated and shown again', async () => {
    const email = address();
    await subscribe(email, 100);
    const availability = await createAvailability(t.app, artist, { countryId: germany, cityId: near, startDate: day(40), endDate: day(50) });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Lena Ink is coming near Alertheim');
    expect(mails[1]?.text).toContain('Gastdorf');
    for (const isActive of [false, true]) {
      expect((await call(t.app, 'PUT', `/api/artist-availability/${availability.id}`, { as: artist, payload: { isActive } })).statusCode).toBe(200);
    }
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it(`never mails twice for one stay: ${PARALLEL} parallel accepts, ${PARALLEL} repeated events delivered in parallel`, async () => {
    const email = address();
    await subscribe(email, 50);
    const studios = await Promise.all(Array.from({ length: 5 }, () => createStudio(t.app)));
    const requests: { id: number; studio: TestUser }[] = [];
    for (const studio of studios) {
      const spot = await createGuestSpot(t.app, studio, { countryId: germany, cityId: near, startDate: day(60), endDate: day(65) });
      requests.push({ id: (await call(t.app, 'POST', `/api/guest-spots/${spot.id}/apply`, { as: artist, payload: {} })).json().applicationId, studio });
    }
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const r = requests[i % requests.length] as { id: number; studio: TestUser };
        return call(t.app, 'POST', `/api/applications/${r.id}/accept`, { as: r.studio });
      }),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(2);

    const stayId = (accepted[0] as LightMyRequestResponse).json().stay.id as number;
    const { cityAlerts } = t.app.services;
    const events = await Promise.all(Array.from({ length: PARALLEL }, () => cityAlerts.tripEvent(t.app.ctx.db, { kind: 'stay', id: stayId })));
    await Promise.all(Array.from({ length: 5 }, () => t.app.ctx.outbox.deliverDue()));
    cityAlerts.committed(...events);
    expect(await mailsTo(email)).toHaveLength(2);
    const marks = await t.app.ctx.db.selectFrom('city_alert_sends').select('alert_id').where('source_kind', '=', 'stay').where('source_id', '=', stayId).execute();
    expect(marks).toHaveLength(1);
  });

  it('unsubscribes one alert by the RFC 8058 one-click POST, without a session', async () => {
    const email = address();
    await subscribe(email, 50);
    await confirmStay();
    const notice = (await mailsTo(email))[1];
    const oneClick = /^<http:\/\/localhost:3000(\/api\/city-alerts\/unsubscribe\/\S+)>$/.exec(notice?.headers?.['List-Unsubscribe'] ?? '')?.[1] as string;
    const post = () => t.app.inject({ method: 'POST', url: oneClick, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ deleted: 1 });
    expect((await post()).json()).toEqual({ deleted: 0 });
    expect((await call(t.app, 'GET', `/api/city-alerts/manage/${manageTokenIn(notice)}`)).statusCode).toBe(404);
    const forged = oneClick.replace(/\.[\w-]+$/, `.${'A'.repeat(43)}`);
    const other = await subscribe(address(), 50);
    const otherId = /unsubscribe\/(\d+)\./.exec(other.headers?.['List-Unsubscribe'] ?? '')?.[1];
    const forgedOther = await t.app.inject({ method: 'POST', url: forged.replace(/\d+\./, `${otherId}.`), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forgedOther.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/city-alerts/manage/${manageTokenIn(other)}`)).json().alerts).toHaveLength(1);
  });

  it('answers the same for addresses with alerts, with this alert, and without any; a repeat re-sends only while unconfirmed', async () => {
    const known = address();
    await subscribe(known, 50);
    const fresh = address();
    const answers = await Promise.all([ask({ email: known }), ask({ email: known, cityId: near }), ask({ email: fresh })]);
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([[202, '{}'], [202, '{}'], [202, '{}']]);
    // The confirmed alert was not asked again; the new city was.
    const mails = await mailsTo(known);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Gastdorf');
    await ask({ email: fresh.toUpperCase(), radiusKm: 200 });
    expect(await mailsTo(fresh)).toHaveLength(1);
    expect(sent.filter((m) => m.to === fresh.toUpperCase())).toHaveLength(1);
    const alerts = (await call(t.app, 'GET', `/api/city-alerts/manage/${manageTokenIn((await mailsTo(fresh))[0])}`)).json() as CityAlertList;
    expect(alerts.alerts.map((a) => [a.radiusKm, a.confirmed])).toEqual([[200, false]]);
  });

  it('limits requests to 5 per address and 20 per network an hour, answering 429 in the request language', async () => {
    const email = address();
    const ip = someIp();
    const byAddress = [];
    for (let i = 0; i < 6; i++) byAddress.push(await ask({ email }, { ip, lang: 'de' }));
    expect(byAddress.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(byAddress[5]?.json().error).toMatch(/Versuche/);
    const network = someIp();
    const byNetwork = [];
    for (let i = 0; i < 21; i++) byNetwork.push((await ask({ email: address() }, { ip: network })).statusCode);
    expect(byNetwork.filter((s) => s === 202)).toHaveLength(20);
    expect(byNetwork.at(-1)).toBe(429);
  });

  it('refuses bad input with 400 in the request language, and a target that is no artist with 404', async () => {
    const email = address();
    const radius = await ask({ email, radiusKm: 30 }, { lang: 'fr' });
    expect(radius.statusCode).toBe(400);
    expect(radius.json()).toMatchObject({ code: 'cityAlertRadiusInvalid', error: 'Choisis 25, 50, 100 ou 200 km.' });
    expect((await ask({ email: 'not-an-address' }, { lang: 'de' })).json().code).toBe('emailInvalid');
    expect((await ask({ email, language: 'it' })).statusCode).toBe(400);
    expect((await ask({ email, cityId: 999_999_999 })).json()).toMatchObject({ code: 'cityAlertCityRequired' });
    const studio = await createStudio(t.app);
    expect((await ask({ email, artistId: studio.user.id })).statusCode).toBe(404);
    expect((await ask({ email, artistId: 999_999_999 })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/city-alerts/confirm')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/city-alerts/confirm?token=1.abc')).statusCode).toBe(404);
  });

  it('lists an address\'s alerts by its link, deletes one and then all; a wrong link is 404', async () => {
    const email = address();
    const mail = await subscribe(email, 50);
    await ask({ email, cityId: near, radiusKm: 25 });
    const token = manageTokenIn(mail);
    const list = async () => (await call(t.app, 'GET', `/api/city-alerts/manage/${token}`, { lang: 'de' })).json() as CityAlertList;
    const { alerts } = await list();
    expect(alerts.map((a) => [a.city.name, a.radiusKm, a.confirmed, a.artist.name])).toEqual([
      ['Gastdorf', 25, false, 'Lena Ink'],
      ['Alertheim', 50, true, 'Lena Ink'],
    ]);
    expect((await call(t.app, 'GET', `/api/city-alerts/manage/${'x'.repeat(43)}`)).statusCode).toBe(404);
    const stranger = manageTokenIn(await subscribe(address(), 50));
    const strangerAlert = (await call(t.app, 'GET', `/api/city-alerts/manage/${stranger}`)).json().alerts[0].id as number;
    expect((await call(t.app, 'DELETE', `/api/city-alerts/manage/${token}/${strangerAlert}`)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/city-alerts/manage/${token}/${alerts[0]?.id}`)).json()).toEqual({ deleted: 1 });
    expect((await list()).alerts).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/city-alerts/manage/${token}`)).json()).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', `/api/city-alerts/manage/${token}`)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/city-alerts/manage/${token}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/city-alerts/manage/${stranger}`)).json().alerts).toHaveLength(1);
  });

  it('deletes requests nobody confirmed within 7 days, and keeps the confirmed', async () => {
    const [waiting, confirmed] = [address(), address()];
    await ask({ email: waiting });
    await subscribe(confirmed, 50);
    const keys = (await t.app.ctx.db.selectFrom('city_alerts').select(['email_key', 'confirmed_at']).where('email_key', 'in', [waiting, confirmed]).execute()).length;
    expect(keys).toBe(2);
    const { cityAlerts } = t.app.services;
    const sixDays = new Date(Date.now() + 6 * 86_400_000);
    await cityAlerts.cleanUp(sixDays);
    expect(await t.app.ctx.db.selectFrom('city_alerts').select('id').where('email_key', 'in', [waiting, confirmed]).execute()).toHaveLength(2);
    await cityAlerts.cleanUp(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    const left = await t.app.ctx.db.selectFrom('city_alerts').select('email_key').where('email_key', 'in', [waiting, confirmed]).execute();
    expect(left.map((r) => r.email_key)).toEqual([confirmed]);
  });
});
