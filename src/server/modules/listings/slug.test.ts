import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify, SLUG_MAX } from './slug';

describe('slugify', () => {
  it('makes lowercase ASCII words joined by hyphens, German umlauts spelled out', () => {
    expect(slugify('Gastplatz in München – Sommer 2026!', 'x')).toBe('gastplatz-in-muenchen-sommer-2026');
    expect(slugify('Große Straße, Köln', 'x')).toBe('grosse-strasse-koeln');
    expect(slugify('ÄÖÜ äöü', 'x')).toBe('aeoeue-aeoeue');
    expect(slugify('Crème brûlée à São Paulo', 'x')).toBe('creme-brulee-a-sao-paulo');
    expect(slugify('Łódź & Ærø', 'x')).toBe('lodz-and-aero');
    expect(slugify('  --Fine   Line__Blackwork--  ', 'x')).toBe('fine-line-blackwork');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('Ein sehr langer Titel für einen Gastplatz, der weit über sechzig Zeichen hinausgeht', 'x');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('ein-sehr-langer-titel-fuer-einen-gastplatz-der-weit-ueber');
    expect(slugify('a'.repeat(100), 'x')).toBe('a'.repeat(SLUG_MAX));
  });

  it('falls back for titles without Latin letters, numbers only and route words', () => {
    expect(slugify('東京', 'guest-spot')).toBe('guest-spot');
    expect(slugify('!!!', 'availability')).toBe('availability');
    expect(slugify('2026', 'guest-spot')).toBe('guest-spot-2026');
    expect(slugify('New', 'guest-spot')).toBe('guest-spot-new');
    expect(slugify('manage', 'guest-spot')).toBe('guest-spot-manage');
  });
});

describe('firstFreeSlug', () => {
  it('adds -2, -3, ... until the slug is free', () => {
    expect(firstFreeSlug('spot', [])).toBe('spot');
    expect(firstFreeSlug('spot', ['spot'])).toBe('spot-2');
    expect(firstFreeSlug('spot', ['spot', 'spot-2', 'spot-4'])).toBe('spot-3');
    expect(firstFreeSlug('spot', ['spot-2'])).toBe('spot');
  });
});
