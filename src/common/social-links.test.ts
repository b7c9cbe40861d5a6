import { describe, expect, it } from 'vitest';
import { socialLink, socialLinks } from './social-links';

describe('social links', () => {
  it.each([
    // Values as they are when http, the others built from the handle.
    ['instagram', 'https://instagram.com/x', 'https://instagram.com/x'],
    ['instagram', 'https://instagram.com/ink.lena', 'https://instagram.com/ink.lena'],
    ['instagram', '@lena.ink', 'https://instagram.com/lena.ink'],
    ['instagram', '@ink.lena', 'https://instagram.com/ink.lena'],
    ['instagram', 'instagram.com/lena.ink', 'https://instagram.com/lena.ink'],
    ['instagram', 'instagram.com/ink.lena', 'https://instagram.com/ink.lena'],
    ['instagram', 'www.instagram.com/@lena.ink/', 'https://instagram.com/lena.ink'],
    ['tiktok', '@lena', 'https://www.tiktok.com/@lena'],
    ['twitter', 'twitter.com/lena', 'https://x.com/lena'],
    ['twitter', '@lena', 'https://x.com/lena'],
    ['telegram', '@lena', 'https://t.me/lena'],
    // A website gets https://, WhatsApp keeps its digits only, empty values are none.
    ['website', 'lena.example', 'https://lena.example'],
    ['website', 'lena-ink.example', 'https://lena-ink.example'],
    ['website', 'http://lena.example', 'http://lena.example'],
    ['website', 'http://lena-ink.example', 'http://lena-ink.example'],
    ['whatsapp', '+49 170 123 45 67', 'https://wa.me/491701234567'],
    ['whatsapp', '+49 151 234 567', 'https://wa.me/49151234567'],
    ['facebook', '  ', null],
    ['whatsapp', '+ ', null],
  ] as const)('builds the %s link of %j', (network, value, url) => {
    expect(socialLink(network, value)).toBe(url);
  });

  it('lists the links that have a value, in order', () => {
    expect(socialLinks({ instagram: 'a', facebook: null, website: 'b.example' })).toEqual([
      { network: 'instagram', url: 'https://instagram.com/a' },
      { network: 'website', url: 'https://b.example' },
    ]);
    expect(socialLinks({ instagram: '@a', facebook: '', website: null }).map((l) => l.network)).toEqual(['instagram']);
  });
});
