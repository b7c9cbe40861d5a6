import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/languages';
import { QUOTE_COUNT, fallbackQuoteIndex } from './quotes';

describe('fallback quote', () => {
  it('is chosen by the user id modulo 20', () => {
    expect(fallbackQuoteIndex(0)).toBe(0);
    expect(fallbackQuoteIndex(7)).toBe(7);
    expect(fallbackQuoteIndex(20)).toBe(0);
    expect(fallbackQuoteIndex(41)).toBe(1);
    expect(fallbackQuoteIndex(139)).toBe(19);
  });

  it('has 20 quotes in every language', () => {
    for (const lang of LANGUAGES) {
      const file = path.join(import.meta.dirname, '../../i18n/locales', lang, 'profiles.json');
      const quotes = (JSON.parse(readFileSync(file, 'utf8')) as { quotes: string[] }).quotes;
      expect(quotes, lang).toHaveLength(QUOTE_COUNT);
    }
  });
});
