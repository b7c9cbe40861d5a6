import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SiteOperator } from '../../../common/schemas/site';
import { answerFetch, createSiteOperator, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

const stubSite = (operator: SiteOperator | null) =>
  vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/site': () => jsonResponse({ operator }) })));

describe('privacy policy', () => {
  it('names the operator as the controller, with the contact lines of the settings', async () => {
    stubSite(createSiteOperator({ phone: null }));
    await renderWithApp(<PrivacyPage />, { path: '/privacy', namespaces: ['privacy'] });
    const controller = screen.getByRole('region', { name: '1. Controller' });
    await within(controller).findByText('Nadelwerk Plattform GmbH', { exact: false });
    expect(controller.textContent).toContain('Beispielweg 3, 04109 Leipzig, Deutschland');
    expect(within(controller).getByRole('link', { name: 'kontakt@nadelwerk.example' }).getAttribute('href')).toBe('mailto:kontakt@nadelwerk.example');
    expect(controller.textContent).not.toContain('Phone:');
  });

  it('says the operator has not published their details, and promises nothing the platform lacks', async () => {
    stubSite(null);
    const { container } = await renderWithApp(<PrivacyPage />, { path: '/de/datenschutz', namespaces: ['privacy'] });
    const controller = screen.getByRole('region', { name: '1. Verantwortlicher' });
    await within(controller).findByText('Der Betreiber dieser Website hat diese Angaben noch nicht veröffentlicht.');
    expect(container.textContent).not.toMatch(/\{\{|Hamburg|Google|Bewertung|Nachrichten an/);
  });
});

describe('terms of use', () => {
  it('names the operator and marks the demo operator as an example', async () => {
    stubSite(createSiteOperator({ name: 'Example Operator (demo)', example: true }));
    const { container } = await renderWithApp(<TermsPage />, { path: '/fr/terms', namespaces: ['terms'] });
    const provider = screen.getByRole('region', { name: '1. Prestataire et champ d’application' });
    await within(provider).findByText('Exploitant fictif pour la démo — pas une entreprise réelle');
    expect(provider.textContent).toContain('Example Operator (demo)');
    // The terms give the operator's address, not the contact lines of the imprint.
    expect(within(provider).queryByRole('link')).toBeNull();
    expect(container.textContent).not.toMatch(/\{\{|Hambourg|§ 19 UStG/);
  });
});
