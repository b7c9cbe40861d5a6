import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import ImprintPage from './imprint-page';

describe('imprint page', () => {
  it('credits GeoNames for the cities with a link to its licence, in the page language', async () => {
    await renderWithApp(<ImprintPage />, { path: '/de/impressum', namespaces: ['imprint'] });
    const sources = screen.getByRole('region', { name: 'Datenquellen' });
    expect(sources.textContent).toContain('GeoNames (geonames.org)');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
  });
});
