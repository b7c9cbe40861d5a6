import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SiteOperator } from '../../../common/schemas/site';
import { answerFetch, createSiteOperator, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import ImprintPage from './imprint-page';

async function renderImprint(operator: SiteOperator | null) {
  vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/site': () => jsonResponse({ operator }) })));
  const result = await renderWithApp(<ImprintPage />, { path: '/de/impressum', namespaces: ['imprint'] });
  await screen.findByRole('heading', { name: 'Diensteanbieter' });
  return result;
}

describe('imprint page', () => {
  it('credits GeoNames for the cities with a link to its licence, in the page language', async () => {
    await renderImprint(null);
    const sources = screen.getByRole('region', { name: 'Datenquellen' });
    expect(sources.textContent).toContain('GeoNames (geonames.org)');
    expect(sources.textContent).toContain('Die Städtenamen in den einzelnen Sprachen (etwa Mailand, Lissabon oder Kopenhagen)');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
  });

  it('names the operator, the contact, the VAT id and the register entry as the settings give them', async () => {
    await renderImprint(createSiteOperator());
    const provider = screen.getByRole('region', { name: 'Diensteanbieter' });
    expect(await screen.findByText('Nadelwerk Plattform GmbH', { exact: false })).toBeTruthy();
    expect(provider.textContent).toContain('Beispielweg 3, 04109 Leipzig, Deutschland');
    expect(screen.getByRole('link', { name: 'kontakt@nadelwerk.example' }).getAttribute('href')).toBe('mailto:kontakt@nadelwerk.example');
    expect(screen.getByRole('link', { name: '+49 341 000000' }).getAttribute('href')).toBe('tel:+49341000000');
    expect(screen.getByRole('region', { name: 'Umsatzsteuer-ID' }).textContent).toContain('§ 27a Umsatzsteuergesetz (UStG): DE000000000');
    expect(screen.getByRole('region', { name: 'Registereintrag' }).textContent).toContain('Amtsgericht Leipzig, HRB 0000');
    expect(screen.queryByText('Beispielbetreiber für die Demo – kein echtes Unternehmen')).toBeNull();
  });

  it('marks the demo operator as an example', async () => {
    await renderImprint(createSiteOperator({ name: 'Example Operator (demo)', vatId: null, register: null, example: true }));
    expect(await screen.findByText('Beispielbetreiber für die Demo – kein echtes Unternehmen')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Umsatzsteuer-ID' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Registereintrag' })).toBeNull();
  });

  it('says the details are unpublished instead of inventing them', async () => {
    const { container } = await renderImprint(null);
    expect(await screen.findByText('Der Betreiber dieser Website hat diese Angaben noch nicht veröffentlicht.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Umsatzsteuer-ID' })).toBeNull();
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(container.textContent).not.toMatch(/Hamburg|Becker|Kleinunternehmer|tattooguestspots\.com/);
    expect(screen.getByRole('link', { name: 'schreib uns' })).toBeTruthy();
  });

  it('does not claim the details are unpublished when they could not be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, error: 'Serverfehler' }, 500)));
    await renderWithApp(<ImprintPage />, { path: '/de/impressum', namespaces: ['imprint', 'errors'] });
    expect(await screen.findByText('Die Angaben zum Betreiber konnten nicht geladen werden. Bitte lade die Seite neu.')).toBeTruthy();
    expect(screen.queryByText('Der Betreiber dieser Website hat diese Angaben noch nicht veröffentlicht.')).toBeNull();
  });
});
