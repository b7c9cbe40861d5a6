import { LOCALES } from '../../../../common/languages';
import { useLanguage } from '../../../i18n/language';

/**
 * Prices as an admin types and reads them: in the interface's locale ("19,90" in German,
 * "19.90" in English), held as integer cents so no float ever reaches the server.
 */

function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
}

/**
 * Cents from a typed amount, or null when it is no amount. The locale's decimal sign separates
 * the cents (at most two digits); its group sign (and spaces) may separate thousands. A lone
 * point or comma followed by exactly two digits counts as the decimal sign whatever the locale,
 * since admins paste prices from elsewhere.
 */
export function parsePrice(text: string, locale: string): number | null {
  const { decimal, group } = separators(locale);
  let value = text.trim().replace(/\s|\u00a0|\u202f|€/g, '');
  if (value === '') return null;
  const foreign = decimal === ',' ? '.' : ',';
  if (!value.includes(decimal) && new RegExp(`^\\d+\\${foreign}\\d{1,2}$`).test(value)) value = value.replace(foreign, decimal);
  const [rawWhole = '', cents = '', ...rest] = value.split(decimal);
  // Thousands come in groups of three: "1.000,50" is an amount, "19.9.9" is not.
  const grouped = group.trim() !== '' && rawWhole.includes(group);
  if (grouped && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(rawWhole)) return null;
  const whole = grouped ? rawWhole.split(group).join('') : rawWhole;
  if (rest.length > 0 || !/^\d+$/.test(whole) || !/^\d{0,2}$/.test(cents)) return null;
  const total = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(total) ? total : null;
}

/** "19,90 €" in German, "€19.90" in English. */
export function formatCents(cents: number, locale: string, currency = 'EUR'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** The amount as typed into the price field: "19,90" in German (no currency sign, no grouping). */
export function centsForInput(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/** The admin's locale and formatters for amounts and times. */
export function useMoneyFormat() {
  const locale = LOCALES[useLanguage()];
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return { locale, money: (cents: number, currency?: string) => formatCents(cents, locale, currency), when: (iso: string) => dateTime.format(new Date(iso)) };
}
