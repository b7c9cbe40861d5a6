import { CITY_ALERT_MAX_RADIUS_KM, CITY_ALERT_UNCONFIRMED_DAYS, type CityAlertConfirmed, type CityAlertCreateInput, type CityAlertList } from '../../../common/schemas/city-alerts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/index';
import { AppError } from '../../errors';
import { consume, type Limit } from '../../lib/rate-limit/index';
import type { DeliveredEvent, Emitted, Writer } from '../../lib/outbox/index';
import { isSuspended } from '../auth/index';
import { boundingBox, distanceKm } from '../locations/index';
import { composeConfirmMail, composeTripMail } from './mail';
import * as repo from './repo';
import { isConfirmToken, isUnsubscribeToken, manageHash, manageToken, tokenAlertId } from './tokens';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Requests an address and a network may make an hour; past them 429, whatever the address has. */
export const CITY_ALERT_LIMITS = {
  address: { name: 'cityAlertAddress', max: 5, windowMs: HOUR_MS } satisfies Limit,
  ip: { name: 'cityAlertIp', max: 20, windowMs: HOUR_MS } satisfies Limit,
};

export type CityAlertDeps = Pick<AppContext, 'db' | 'outbox' | 'mailer' | 'config' | 'rateLimits'>;

/** A trip alerts are told about: a stay (confirmed) or an availability (shown). */
export interface Trip {
  kind: repo.TripKind;
  id: number;
}

/** The folded address an alert is kept under: one alert per address, artist and city. */
export const alertEmailKey = (email: string) => email.trim().toLowerCase();

const linkInvalid = () => new AppError(404, 'cityAlertLinkInvalid');

/**
 * City alerts without an account (docs/decisions/050): a visitor asks to be told by mail when an
 * artist comes near a city, confirms from the mail, and is told once per stay or availability
 * within the radius. Every mail goes through the outbox; the sent markers' key makes each notice
 * happen once, whatever the number of deliveries.
 */
export function createCityAlertService(deps: CityAlertDeps) {
  const { db, outbox, mailer, config, rateLimits } = deps;

  const confirmMail = outbox.define<{ alertId: number }>('city-alerts.confirm-mail', {
    deliver: async ({ alertId }, event) => {
      const alert = await repo.findAlert(db, alertId);
      // Confirmed meanwhile, or deleted: nothing to ask.
      if (!alert || alert.confirmed_at !== null) return;
      const artist = await repo.findArtist(db, alert.artist_id);
      if (!artist) return;
      const city = (await repo.cityName(db, alert.city_id, alert.language)) ?? '';
      await mailer.send(composeConfirmMail(config, alert, { artist: artist.name || artist.username, city }, { id: `city-alert-confirm-${event.id}`, at: new Date(event.createdAt) }));
    },
  });

  const tripEvent = outbox.define<Trip>('city-alerts.trip', { deliver: (trip, event) => notifyTrip(trip, event) });

  /**
   * Mails each confirmed alert of the trip's artist whose city lies within its radius of the
   * trip's: one read of the artist's alerts in a box drawn for the widest radius, the exact
   * great-circle distance here, then a claim per alert (its key lets one through) before its mail.
   * A failed mail gives its claim back, so the event's retry sends it and skips those sent.
   */
  async function notifyTrip(trip: Trip, event: DeliveredEvent): Promise<void> {
    const today = todayInBerlin();
    const row = trip.kind === 'stay' ? await repo.stayTrip(db, trip.id, today) : await repo.availabilityTrip(db, trip.id, today);
    if (!row) return;
    const lat = Number(row.latitude);
    const lng = Number(row.longitude);
    const alerts = await repo.confirmedAlertsInBox(db, row.artist_id, boundingBox(lat, lng, CITY_ALERT_MAX_RADIUS_KM));
    const places = new Map<string, string>();
    for (const alert of alerts) {
      const km = distanceKm(Number(alert.latitude), Number(alert.longitude), lat, lng);
      if (km > alert.radius_km) continue;
      if (!(await repo.claimSend(db, alert.id, trip.kind, trip.id, nowIso()))) continue;
      try {
        let place = places.get(alert.language);
        if (place === undefined) places.set(alert.language, (place = (await repo.cityName(db, row.city_id, alert.language)) ?? ''));
        const mail = composeTripMail(
          config,
          alert,
          { kind: trip.kind, row, place, alertCity: alert.local_name ?? alert.city_name, km },
          { id: `city-alert-${alert.id}-${trip.kind}-${trip.id}`, at: new Date(event.createdAt) },
        );
        await mailer.send(mail);
      } catch (err) {
        await repo.releaseSend(db, alert.id, trip.kind, trip.id);
        throw err;
      }
    }
  }

  /** The alert a confirm or one-click token names, when the token is that alert's; null otherwise. */
  async function alertOfToken(token: string, check: typeof isConfirmToken): Promise<repo.AlertRow | null | 'gone'> {
    const id = tokenAlertId(token);
    if (id === null) return null;
    const alert = await repo.findAlert(db, id);
    if (!alert) return 'gone';
    return check(config.sessionSecret, token, alert) ? alert : null;
  }

  return {
    /**
     * POST /api/city-alerts: counts the request against the network's and the address's limits,
     * then makes the alert (or finds the address's one for this artist and city) and sends the
     * confirmation mail unless it is confirmed. The answer is the same whatever the address had.
     */
    async request(input: CityAlertCreateInput, ip: string): Promise<void> {
      const emailKey = alertEmailKey(input.email);
      await consume(rateLimits, CITY_ALERT_LIMITS.ip, [`ip:${ip}`]);
      await consume(rateLimits, CITY_ALERT_LIMITS.address, [`email:${emailKey}`]);
      const artist = await repo.findArtist(db, input.artistId);
      if (!artist || artist.user_type !== 'artist' || isSuspended(artist)) throw new AppError(404, 'cityAlertArtistNotFound');
      if (!(await repo.cityExists(db, input.cityId))) throw new AppError(400, 'cityAlertCityRequired', {}, { field: 'cityId', fields: { cityId: 'cityAlertCityRequired' } });
      const now = nowIso();
      const email = input.email.trim();
      const emitted = await db.transaction().execute(async (trx): Promise<Emitted | null> => {
        const made = await repo.insertAlert(trx, {
          artistId: artist.id,
          email,
          emailKey,
          cityId: input.cityId,
          radiusKm: input.radiusKm,
          language: input.language,
          manageHash: manageHash(manageToken(config.sessionSecret, emailKey)),
          now,
        });
        if (made !== undefined) return confirmMail.emit(trx, { alertId: made });
        const existing = await repo.findByAddress(trx, emailKey, artist.id, input.cityId);
        if (existing && (await repo.refreshUnconfirmed(trx, existing.id, { email, radiusKm: input.radiusKm, language: input.language, now }))) {
          return confirmMail.emit(trx, { alertId: existing.id });
        }
        return null;
      });
      if (emitted) outbox.afterCommit(emitted);
    },

    /** GET /api/city-alerts/confirm: the double opt-in; following the link again answers the same. */
    async confirm(token: string, lang: Language): Promise<CityAlertConfirmed> {
      const alert = await alertOfToken(token, isConfirmToken);
      if (!alert || alert === 'gone') throw linkInvalid();
      if (alert.confirmed_at === null) await repo.confirm(db, alert.id, nowIso());
      const [artist, city] = await Promise.all([repo.findArtist(db, alert.artist_id), repo.cityName(db, alert.city_id, lang)]);
      return {
        artist: { name: artist?.name || artist?.username || '', username: artist?.username ?? '' },
        city: city ?? '',
        radiusKm: alert.radius_km,
        manageToken: manageToken(config.sessionSecret, alert.email_key),
      };
    },

    /** GET /api/city-alerts/manage/{token}: the address's alerts; an unknown link is 404. */
    async list(token: string, lang: Language): Promise<CityAlertList> {
      const rows = await repo.alertsOfAddress(db, manageHash(token), lang);
      if (rows.length === 0) throw linkInvalid();
      return {
        alerts: rows.map((r) => ({
          id: r.id,
          artist: { id: r.artist_id, name: r.artist_name || r.artist_username, username: r.artist_username },
          city: { id: r.city_id, name: r.local_name ?? r.city_name, countryName: r.country_name },
          radiusKm: r.radius_km,
          language: isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE,
          confirmed: r.confirmed_at !== null,
          createdAt: r.created_at,
        })),
      };
    },

    /** DELETE /api/city-alerts/manage/{token}[/{alertId}]: one alert of the address, or all of them. */
    async remove(token: string, alertId?: number): Promise<{ deleted: number }> {
      const deleted = await repo.deleteOfAddress(db, manageHash(token), alertId);
      if (deleted === 0) throw alertId === undefined ? linkInvalid() : new AppError(404, 'cityAlertNotFound');
      return { deleted };
    },

    /** POST /api/city-alerts/unsubscribe/{token}: the RFC 8058 one click, no session; an alert already gone is no error. */
    async unsubscribe(token: string): Promise<{ deleted: number }> {
      const alert = await alertOfToken(token, isUnsubscribeToken);
      if (alert === 'gone') return { deleted: 0 };
      if (!alert) throw linkInvalid();
      return { deleted: await repo.deleteAlert(db, alert.id) };
    },

    /** The manage token of a one-click token's alert, for a browser that opened the one-click address. */
    async manageTokenOf(token: string): Promise<string | null> {
      const alert = await alertOfToken(token, isUnsubscribeToken);
      return alert && alert !== 'gone' ? manageToken(config.sessionSecret, alert.email_key) : null;
    },

    /**
     * Writes the event that tells a trip's alerts, in the transaction that confirmed the stay or
     * showed the availability; hand the answer to `committed` once it committed.
     */
    tripEvent: (trx: Writer, trip: Trip): Promise<Emitted> => tripEvent.emit(trx, trip),
    committed: (...events: Emitted[]): void => outbox.afterCommit(...events),

    /** Deletes the requests nobody confirmed within 7 days of `now`. */
    cleanUp(now = new Date()): Promise<number> {
      return repo.deleteUnconfirmedBefore(db, new Date(now.getTime() - CITY_ALERT_UNCONFIRMED_DAYS * DAY_MS).toISOString());
    },
  };
}

export type CityAlertService = ReturnType<typeof createCityAlertService>;
