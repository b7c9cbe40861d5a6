import { describe, expect, it } from 'vitest';
import {
  formatCountry,
  formatDate,
  formatListingDate,
  formatMoney,
  formatRating,
  formatRelative,
  initials,
  roundRating,
  truncate,
} from './format';

// Intl puts a no-break space (U+00A0 or U+202F) before the euro sign; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDate', () => {
  it('shows "-" for missing or invalid values', () => {
    expect(formatDate(null, 'en')).toBe('-');
    expect(formatDate(undefined, 'de')).toBe('-');
    expect(formatDate('', 'de')).toBe('-');
    expect(formatDate('not a date', 'en')).toBe('-');
    expect(formatDate('2024-02-31', 'en')).toBe('-');
    expect(formatDate(Number.NaN, 'en')).toBe('-');
  });

  it('uses MM/dd/yyyy in English and DD.MM.YYYY in German', () => {
    expect(formatDate('2026-05-31', 'en')).toBe('05/31/2026');
    expect(formatDate('2026-05-31', 'de')).toBe('31.05.2026');
    expect(formatDate('2026-01-09', 'fr')).toBe('09/01/2026');
  });

  it('formats timestamps in local time', () => {
    const date = new Date(2026, 2, 4, 23, 30);
    expect(formatDate(date, 'de')).toBe('04.03.2026');
    expect(formatDate(date.toISOString(), 'en')).toBe('03/04/2026');
  });
});

describe('formatMoney', () => {
  it('shows "-" for null', () => {
    expect(formatMoney(null, 'de')).toBe('-');
  });

  it('formats cents as EUR in the language locale', () => {
    expect(plain(formatMoney(1990, 'de'))).toBe('19,90 €');
    expect(formatMoney(1490, 'en')).toBe('€14.90');
    expect(plain(formatMoney(990, 'fr'))).toBe('9,90 €');
    expect(plain(formatMoney(0, 'de'))).toBe('0,00 €');
  });
});

describe('ratings', () => {
  it('rounds to one decimal', () => {
    expect(roundRating(4.46)).toBe(4.5);
    expect(roundRating(4.44)).toBe(4.4);
    expect(roundRating(5)).toBe(5);
    expect(roundRating(Number.NaN)).toBe(0);
  });

  it('gives the localized value and the review count', () => {
    expect(formatRating(4.46, 12, 'en')).toEqual({ value: '4.5', count: 12 });
    expect(formatRating(4, 1, 'de')).toEqual({ value: '4,0', count: 1 });
  });

  it('has no value without reviews', () => {
    expect(formatRating(0, 0, 'en')).toEqual({ value: null, count: 0 });
    expect(formatRating(3, -2, 'en')).toEqual({ value: null, count: 0 });
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0);

  it('says how long ago up to 30 days', () => {
    expect(formatRelative(new Date(2026, 5, 15, 9, 0), 'en', now)).toBe('3 hours ago');
    expect(formatRelative(new Date(2026, 5, 15, 11, 55), 'de', now)).toBe('vor 5 Minuten');
    expect(formatRelative(new Date(2026, 5, 14, 12, 0), 'en', now)).toBe('yesterday');
    expect(formatRelative(new Date(2026, 4, 16, 12, 0), 'en', now)).toBe('30 days ago');
    expect(formatRelative(now, 'en', now)).toBe('now');
  });

  it('switches to DD.MM.YYYY after 30 days, in every language', () => {
    expect(formatRelative(new Date(2026, 4, 1, 12, 0), 'en', now)).toBe('01.05.2026');
    expect(formatRelative(new Date(2025, 11, 24), 'de', now)).toBe('24.12.2025');
  });

  it('shows "-" for invalid input', () => {
    expect(formatRelative('nope', 'en', now)).toBe('-');
  });
});

describe('initials', () => {
  it.each([
    ['Julia Lange', 'JL'],
    ['Anna Maier', 'AM'],
    ['anna lena maier', 'AM'],
    ['inkmaster', 'I'],
    ['Mia', 'M'],
    ['ink_master', 'IM'],
    ['Ärger Öztürk', 'ÄÖ'],
    ['émile zola', 'ÉZ'],
    ['E\u0301mile Zola', 'ÉZ'],
    ['Łucja Żółć', 'ŁŻ'],
    ['Юлия Смирнова', 'ЮС'],
    ['Anna-Lena Maier', 'AM'],
    ['Jean-Luc', 'JL'],
    ['ßtudio Nord', 'ßN'],
    ['  @nina  ', 'N'],
    ['Studio 54', 'S5'],
    ['', ''],
    [null, ''],
  ])('takes at most two uppercase letters of the name: %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
    expect(Array.from(initials(name)).length).toBeLessThanOrEqual(2);
  });

  it('falls back to the username when the name has no letter', () => {
    expect(initials('', 'jule_blume')).toBe('JB');
    expect(initials('  ✦  ', 'Jule Blume')).toBe('JB');
    expect(initials(null, null)).toBe('');
    // A name wins over the username: "Julia Lange" registered as "Jule Blume" is JL.
    expect(initials('Julia Lange', 'Jule Blume')).toBe('JL');
  });
});

describe('formatListingDate', () => {
  it('reads yyyy-mm-dd as UTC midnight', () => {
    expect(formatListingDate('2026-07-01', 'en')).toEqual({ ok: true, text: '07/01/2026' });
    expect(formatListingDate('2026-07-01T00:00:00.000Z', 'de')).toEqual({ ok: true, text: '01.07.2026' });
  });

  it('gives "no date" for empty, invalid or before 2020', () => {
    expect(formatListingDate('', 'en')).toEqual({ ok: false, reason: 'noDate' });
    expect(formatListingDate(null, 'en')).toEqual({ ok: false, reason: 'noDate' });
    expect(formatListingDate('garbage', 'en')).toEqual({ ok: false, reason: 'noDate' });
    expect(formatListingDate('2019-12-31', 'en')).toEqual({ ok: false, reason: 'noDate' });
  });

  it('gives "date unknown" for other failures', () => {
    expect(formatListingDate({ when: 'tomorrow' }, 'en')).toEqual({ ok: false, reason: 'unknown' });
    expect(formatListingDate(42, 'en')).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('Hello', 20)).toBe('Hello');
    expect(truncate('a'.repeat(150), 150)).toBe('a'.repeat(150));
    expect(truncate('a'.repeat(151), 150)).toBe(`${'a'.repeat(150)}…`);
    expect(truncate('See you at the studio tomorrow', 20)).toBe('See you at the studi…');
    expect(truncate('Bis morgen im Studio', 8)).toBe('Bis morg…');
    expect(truncate(null, 20)).toBe('');
  });

  it('does not split characters outside the basic plane', () => {
    expect(truncate('🖤🖤🖤', 2)).toBe('🖤🖤…');
  });
});

describe('formatCountry', () => {
  it('names countries in the interface language', () => {
    expect(formatCountry('DE', 'de')).toBe('Deutschland');
    expect(formatCountry('de', 'en')).toBe('Germany');
    expect(formatCountry(null, 'en')).toBeNull();
  });
});
