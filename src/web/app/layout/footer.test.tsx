import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SiteOperator } from '../../../common/schemas/site';
import { answerFetch, createSiteOperator, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { Footer } from './footer';

/** Renders the footer once the site's answer has arrived, so an absent link is really absent. */
async function renderFooter(operator: SiteOperator | null) {
  vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/site': () => jsonResponse({ operator }) })));
  const { queryClient } = await renderWithApp(<Footer />, { path: '/' });
  await waitFor(() => expect(queryClient.getQueryState(['site'])?.status).toBe('success'));
  await screen.findByRole('link', { name: 'Imprint' });
}

describe('footer', () => {
  it("links the operator's Instagram when the settings name one", async () => {
    await renderFooter(createSiteOperator({ instagramUrl: 'https://instagram.com/nadelwerk.example' }));
    const link = await screen.findByRole('link', { name: 'Follow us on Instagram' });
    expect(link.getAttribute('href')).toBe('https://instagram.com/nadelwerk.example');
  });

  it("links the demo's marked example operator's Instagram", async () => {
    await renderFooter(createSiteOperator({ example: true, instagramUrl: 'https://instagram.com/tgsdemo.tattooguestspots' }));
    const link = await screen.findByRole('link', { name: 'Follow us on Instagram' });
    expect(link.getAttribute('href')).toBe('https://instagram.com/tgsdemo.tattooguestspots');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('links no Instagram account when none is configured', async () => {
    await renderFooter(createSiteOperator({ instagramUrl: null }));
    expect(screen.queryByRole('link', { name: 'Follow us on Instagram' })).toBeNull();
    expect(document.querySelector('a[href*="instagram.com"]')).toBeNull();
  });

  it('links none when no operator is published', async () => {
    await renderFooter(null);
    expect(document.querySelector('a[href*="instagram.com"]')).toBeNull();
  });

  it('links the gallery in the navigation, at the language\'s own path', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/site': () => jsonResponse({ operator: null, publicUrl: 'https://tgs.example' }) })));
    await renderWithApp(<Footer />, { path: '/pt/guestspots' });
    const navigation = screen.getByRole('navigation', { name: 'Navegação' });
    expect(within(navigation).getByRole('link', { name: 'Galeria' }).getAttribute('href')).toBe('/pt/galeria-de-tatuagens');
  });
});

