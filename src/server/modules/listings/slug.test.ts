import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify, SLUG_MAX } from './slug';

describe('slugify', () => {
  it.each([
    ['Gastplatz in München – Sommer 2026!', 'gastplatz-in-muenchen-sommer-2026'],
    ['Große Straße, Köln', 'grosse-strasse-koeln'],
    ['ÄÖÜ äöü', 'aeoeue-aeoeue'],
    ['Crème brûlée à São Paulo', 'creme-brulee-a-sao-paulo'],
    ['Łódź & Ærø', 'lodz-and-aero'],
    ['  --Fine   Line__Blackwork--  ', 'fine-line-blackwork'],
  ])('makes lowercase ASCII words joined by hyphens, German umlauts spelled out: %j', (title, slug) => {
    expect(slugify(title, 'x')).toBe(slug);
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('Ein sehr langer Titel für einen Gastplatz, der weit über sechzig Zeichen hinausgeht', 'x');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('ein-sehr-langer-titel-fuer-einen-gastplatz-der-weit-ueber');
    expect(slugify('a'.repeat(100), 'x')).toBe('a'.repeat(SLUG_MAX));
  });

  it.each([
    { title: '東京', fallback: 'guest-spot', slug: 'guest-spot' },
    { title: '!!!', fallback: 'availability', slug: 'availability' },
    { title: '2026', fallback: 'guest-spot', slug: 'guest-spot-2026' },
    { title: 'New', fallback: 'guest-spot', slug: 'guest-spot-new' },
    { title: 'manage', fallback: 'guest-spot', slug: 'guest-spot-manage' },
  ])('falls back for titles without Latin letters, numbers only and route words: $title', ({ title, fallback, slug }) => {
    expect(slugify(title, fallback)).toBe(slug);
  });
});

describe('firstFreeSlug', () => {
  it.each([
    [[], 'spot'],
    [['spot'], 'spot-2'],
    [['spot', 'spot-2', 'spot-4'], 'spot-3'],
    [['spot-2'], 'spot'],
  ])('adds -2, -3, ... until the slug is free: %j', (taken, slug) => {
    expect(firstFreeSlug('spot', taken)).toBe(slug);
  });
});
