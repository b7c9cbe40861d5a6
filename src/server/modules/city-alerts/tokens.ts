import { createHash } from 'node:crypto';
import { macMatches, purposeMac } from '../../lib/signed-token';

/*
 * The links of city alert mails. Each token is an HMAC under the session secret of what it names,
 * so nothing usable is stored: the manage token names an address (its folded form), the confirm
 * and one-click tokens one alert (its id and address). None expires: an old mail's links keep
 * working until the alert is gone, and an unconfirmed alert is gone after 7 days.
 */

const MANAGE = 'city-alerts:manage';
const CONFIRM = 'city-alerts:confirm';
const UNSUBSCRIBE = 'city-alerts:unsubscribe';

/** The token of an address's manage link (/alerts/{token}). */
export const manageToken = (secret: string, emailKey: string): string => purposeMac(secret, MANAGE, emailKey);

/** What the alerts table keeps of a manage token: its SHA-256, by which the manage calls find the address's rows. */
export const manageHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const alertToken = (purpose: string) => (secret: string, alert: { id: number; email_key: string }) => `${alert.id}.${purposeMac(secret, purpose, alert.id, alert.email_key)}`;

/** The confirm link's token of one alert. */
export const confirmToken = alertToken(CONFIRM);
/** The one-click unsubscribe token of one alert (List-Unsubscribe, RFC 8058). */
export const unsubscribeToken = alertToken(UNSUBSCRIBE);

/** The alert id a confirm or unsubscribe token names, before its MAC is checked against the row; null when malformed. */
export function tokenAlertId(token: string): number | null {
  const match = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : null;
}

/** Whether `token` is the `purpose` token of this alert. */
function matches(purpose: string, secret: string, token: string, alert: { id: number; email_key: string }): boolean {
  const mac = token.slice(token.indexOf('.') + 1);
  return macMatches(mac, purposeMac(secret, purpose, alert.id, alert.email_key));
}

export const isConfirmToken = (secret: string, token: string, alert: { id: number; email_key: string }) => matches(CONFIRM, secret, token, alert);
export const isUnsubscribeToken = (secret: string, token: string, alert: { id: number; email_key: string }) => matches(UNSUBSCRIBE, secret, token, alert);
