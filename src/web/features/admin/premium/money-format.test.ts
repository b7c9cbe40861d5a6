import { describe, expect, it } from 'vitest';
import { centsForInput, formatCents, parsePrice } from './money-format';

describe('prices typed in the admin’s locale', () => {
  it('reads German amounts with a comma and English ones with a point, as cents', () => {
    expect(parsePrice('19,90', 'de-DE')).toBe(1990);
    expect(parsePrice('1.000,5', 'de-DE')).toBe(100_050);
    expect(parsePrice('19.90', 'en-GB')).toBe(1990);
    expect(parsePrice('1,000.50', 'en-GB')).toBe(100_050);
    expect(parsePrice('20', 'fr-FR')).toBe(2000);
    expect(parsePrice('19,9 €', 'fr-FR')).toBe(1990);
  });

  it('takes a pasted price with the other decimal sign when two digits follow it', () => {
    expect(parsePrice('19.90', 'de-DE')).toBe(1990);
    expect(parsePrice('19,90', 'en-GB')).toBe(1990);
  });

  it('refuses what is no amount', () => {
    for (const text of ['', 'abc', '19,999', '1,2,3', '-5', '19.9.9']) expect(parsePrice(text, 'de-DE')).toBeNull();
  });

  it('writes cents back for the field and for reading', () => {
    expect(centsForInput(1990, 'de-DE')).toBe('19,90');
    expect(centsForInput(100_000, 'en-GB')).toBe('1000.00');
    expect(formatCents(1990, 'de-DE')).toMatch(/^19,90\s€$/);
  });
});
