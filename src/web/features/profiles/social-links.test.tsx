import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProfile } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { SocialLinksRow } from './components/social-links-row';

describe('social links builder', () => {
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
