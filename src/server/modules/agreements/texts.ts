import { createHash } from 'node:crypto';
import { formatMoney } from '../../../common/format';
import type { LanguageId } from '../../../common/constants';
import { DEFAULT_CANCELLATION_NOTICE_DAYS, type DealTerms } from '../../../common/schemas/deal-terms';
import { LOCALES, type Language } from '../../../common/languages';
import type { AgreementSection, AgreementSide, AgreementText } from '../../../common/schemas/agreements';
import { t } from '../../i18n';

/** What an agreement is written from: the stay's days, place, parties and terms snapshot. */
export interface AgreementSource {
  stayId: number;
  artistName: string;
  studioName: string;
  startDate: string;
  endDate: string;
  city: string | null;
  terms: DealTerms | null;
}

/**
 * The version of what the agreement says: a hash of the stay's stored terms snapshot, its days
 * and its place. An acceptance is of one version; a change to any of them starts the agreement over.
 */
export function agreementHash(stay: { terms: string | null; start_date: string; end_date: string; city_name: string | null }): string {
  return createHash('sha256')
    .update(JSON.stringify([stay.terms ?? null, stay.start_date, stay.end_date, stay.city_name ?? null]))
    .digest('hex');
}

/** The cancellation notice the agreement states: terms have no field for it yet, so the platform's default. */
export const CANCELLATION_NOTICE_DAYS = DEFAULT_CANCELLATION_NOTICE_DAYS;

// The profile's language ids are English names; the agreement names them in its own language.
const LANGUAGE_CODES: Record<LanguageId, string> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  portuguese: 'pt',
  polish: 'pl',
  romanian: 'ro',
  russian: 'ru',
  hungarian: 'hu',
  czech: 'cs',
  bulgarian: 'bg',
  slovak: 'sk',
  croatian: 'hr',
};

const DAY_MS = 86_400_000;

/** A calendar day written out in the language ("3. Mai 2027", "May 3, 2027"). */
export function longDate(day: string, lang: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** An instant as a date and a time in Berlin, the platform's clock. */
export function berlinDateTime(iso: string, lang: Language): { date: string; time: string } {
  const at = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(at),
    time: new Intl.DateTimeFormat(LOCALES[lang], { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(at),
  };
}

const list = (items: string[], lang: Language) => new Intl.ListFormat(LOCALES[lang], { type: 'conjunction' }).format(items);

function dealLines(terms: DealTerms | null, lang: Language): string[] {
  const tr = (key: string, params?: Record<string, unknown>) => t(lang, `agreements:${key}`, params);
  const deal = terms?.deal;
  if (!deal) return [tr('deal.none')];
  const lines: string[] = [];
  if (deal.type === 'commission' && deal.guestSharePercent !== undefined) {
    lines.push(tr('deal.commission', { percent: deal.guestSharePercent, studioPercent: 100 - deal.guestSharePercent }));
    if (deal.weeklyCapCents !== undefined) lines.push(tr('deal.cap', { amount: formatMoney(deal.weeklyCapCents, lang) }));
  } else if (deal.type === 'chair_rental' && deal.rentCents !== undefined) {
    lines.push(tr(deal.rentPer === 'week' ? 'deal.rentWeek' : 'deal.rentDay', { amount: formatMoney(deal.rentCents, lang) }));
  } else {
    lines.push(tr('deal.other'));
  }
  if (deal.note) lines.push(tr('deal.note', { note: deal.note }));
  return lines;
}

/** The agreement written out in one language, section by section, from the stay and its terms. */
export function writeAgreement(source: AgreementSource, lang: Language): AgreementText {
  const tr = (key: string, params?: Record<string, unknown>) => t(lang, `agreements:${key}`, params);
  const terms = source.terms;
  const days = Math.round((Date.parse(`${source.endDate}T00:00:00Z`) - Date.parse(`${source.startDate}T00:00:00Z`)) / DAY_MS) + 1;
  const section = (key: string, lines: string[]): AgreementSection => ({ heading: tr(`sections.${key}`), lines });
  const names = new Intl.DisplayNames(LOCALES[lang], { type: 'language' });
  const languages = (terms?.languages ?? []).map((id) => names.of(LANGUAGE_CODES[id] ?? id) ?? id);
  const sections: AgreementSection[] = [
    section('dates', [
      tr('dates', { start: longDate(source.startDate, lang), end: longDate(source.endDate, lang), count: Math.max(1, days) }),
      ...(source.city ? [tr('place', { city: source.city })] : []),
    ]),
    section('deal', dealLines(terms, lang)),
    section('deposits', [tr(`deposits.${terms?.deposits ?? 'unstated'}`)]),
    section('provides', [terms?.provides?.length ? tr('provides', { list: list(terms.provides.map((p) => tr(`provide.${p}`)), lang) }) : tr('providesNone')]),
    section('advertising', [
      terms?.advertising?.length ? tr('advertising', { list: list(terms.advertising.map((a) => tr(`advertise.${a}`)), lang) }) : tr('advertisingNone'),
    ]),
    section('housing', [tr(`housing.${terms?.housing ?? 'unstated'}`)]),
    section('minDays', [terms?.minDays ? tr('minDays', { count: terms.minDays }) : tr('minDaysNone')]),
    section('languages', [languages.length ? tr('languages', { list: list(languages, lang) }) : tr('languagesNone')]),
    section('cancellation', [tr('cancellation', { count: CANCELLATION_NOTICE_DAYS })]),
  ];
  return {
    language: lang,
    title: tr('title'),
    parties: tr('parties', { artist: source.artistName, studio: source.studioName }),
    sections,
    notice: tr('notice'),
  };
}

/** The languages the agreement is written in: the artist's, then the studio's when it differs. */
export function agreementLanguages(artist: Language, studio: Language): Language[] {
  return artist === studio ? [artist] : [artist, studio];
}

/** A side's acceptance as the PDF states it, or that it is still missing. */
export function acceptanceLine(lang: Language, side: AgreementSide, name: string, acceptedAt: string | null): string {
  const sideName = t(lang, `agreements:side.${side}`);
  if (!acceptedAt) return t(lang, 'agreements:notAccepted', { name, side: sideName });
  return t(lang, 'agreements:accepted', { name, side: sideName, ...berlinDateTime(acceptedAt, lang) });
}
