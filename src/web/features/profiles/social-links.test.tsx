import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { socialLink, socialLinks } from '../../../common/social-links';
import { createProfile } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { SocialLinksRow } from './components/social-links-row';

describe('social links builder', () => {
  it('uses http values as they are and builds the others from the handle', () => {
    expect(socialLink('instagram', 'https://instagram.com/ink.lena')).toBe('https://instagram.com/ink.lena');
    expect(socialLink('instagram', '@ink.lena')).toBe('https://instagram.com/ink.lena');
    expect(socialLink('instagram', 'instagram.com/ink.lena')).toBe('https://instagram.com/ink.lena');
    expect(socialLink('tiktok', '@lena')).toBe('https://www.tiktok.com/@lena');
    expect(socialLink('telegram', '@lena')).toBe('https://t.me/lena');
    expect(socialLink('twitter', '@lena')).toBe('https://x.com/lena');
  });

  it('gives a website https://, keeps WhatsApp digits only and hides empty values', () => {
    expect(socialLink('website', 'lena-ink.example')).toBe('https://lena-ink.example');
    expect(socialLink('website', 'http://lena-ink.example')).toBe('http://lena-ink.example');
    expect(socialLink('whatsapp', '+49 151 234 567')).toBe('https://wa.me/49151234567');
    expect(socialLink('facebook', '  ')).toBeNull();
    expect(socialLink('whatsapp', '+ ')).toBeNull();
    expect(socialLinks({ instagram: '@a', facebook: '', website: null }).map((l) => l.network)).toEqual(['instagram']);
  });

  it('renders each link with an accessible name and leaves out empty ones', async () => {
    const profile = createProfile({ instagram: '@ink.lena', whatsapp: '+49 151 234 567', website: 'lena.example', facebook: '' });
    await renderWithApp(<SocialLinksRow profile={profile} />, { namespaces: ['profiles'] });
    const insta = await screen.findByRole('link', { name: /Instagram of Lena Hoffmann/ });
    expect(insta.getAttribute('href')).toBe('https://instagram.com/ink.lena');
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/49151234567');
    expect(screen.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe('https://lena.example');
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();
  });
});
