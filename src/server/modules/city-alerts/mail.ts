import { formatDate } from '../../../common/format';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo, profilePathTo } from '../../../common/routes';
import { CITY_ALERT_UNCONFIRMED_DAYS } from '../../../common/schemas/city-alerts';
import type { Config } from '../../config';
import { t } from '../../i18n';
import type { Mail } from '../../lib/mail/index';
import type { TripKind, TripRow } from './repo';
import { confirmToken, manageToken, unsubscribeToken } from './tokens';

type MailConfig = Pick<Config, 'publicUrl' | 'sessionSecret'>;

/** An alert as its mails need it. */
export interface MailAlert {
  id: number;
  email: string;
  email_key: string;
  language: string;
  radius_km: number;
}

export const languageOf = (alert: Pick<MailAlert, 'language'>): Language => (isLanguage(alert.language) ? alert.language : DEFAULT_LANGUAGE);

/** The public address of the one-click unsubscribe call of one alert (List-Unsubscribe). */
export function oneClickUrl(config: MailConfig, alert: MailAlert): string {
  return `${config.publicUrl}/api/city-alerts/unsubscribe/${unsubscribeToken(config.sessionSecret, alert)}`;
}

/** The page listing every alert of the address, with delete and "delete everything". */
export function manageUrl(config: MailConfig, alert: Pick<MailAlert, 'email_key'>, lang: Language): string {
  return config.publicUrl + pathTo('cityAlertsManage', { token: manageToken(config.sessionSecret, alert.email_key) }, lang);
}

/** Every alert mail: one click ends this alert (RFC 8058), the text links to all of the address's alerts. */
function unsubscribeHeaders(config: MailConfig, alert: MailAlert): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl(config, alert)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The double opt-in mail: nothing else is sent to the address before its link is followed. */
export function composeConfirmMail(config: MailConfig, alert: MailAlert, names: { artist: string; city: string }, key: Mail['key']): Mail {
  const lang = languageOf(alert);
  return {
    to: alert.email,
    subject: t(lang, 'mail:cityAlerts.confirm.subject', { artist: names.artist }),
    text: t(lang, 'mail:cityAlerts.confirm.body', {
      artist: names.artist,
      city: names.city,
      radius: new Intl.NumberFormat(lang).format(alert.radius_km),
      days: CITY_ALERT_UNCONFIRMED_DAYS,
      confirmLink: config.publicUrl + pathTo('cityAlertConfirm', { token: confirmToken(config.sessionSecret, alert) }, lang),
      manageLink: manageUrl(config, alert, lang),
    }),
    headers: unsubscribeHeaders(config, alert),
    key,
  };
}

/** The notice of a trip near the alert's city: dates, host studio (a stay), distance, and where to book or write. */
export function composeTripMail(
  config: MailConfig,
  alert: MailAlert,
  trip: { kind: TripKind; row: TripRow; place: string; alertCity: string; km: number },
  key: Mail['key'],
): Mail {
  const lang = languageOf(alert);
  const values = {
    artist: trip.row.artist_name,
    studio: trip.row.studio_name ?? '',
    place: trip.place,
    city: trip.alertCity,
    start: formatDate(trip.row.start_date, lang),
    end: formatDate(trip.row.end_date, lang),
    distance: new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(Math.round(trip.km)),
    link: config.publicUrl + profilePathTo(trip.row.artist_username, lang),
    manageLink: manageUrl(config, alert, lang),
  };
  return {
    to: alert.email,
    subject: t(lang, 'mail:cityAlerts.trip.subject', values),
    text: t(lang, trip.kind === 'stay' ? 'mail:cityAlerts.trip.stayBody' : 'mail:cityAlerts.trip.availabilityBody', values),
    headers: unsubscribeHeaders(config, alert),
    key,
  };
}
