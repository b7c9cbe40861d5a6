import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CityImportDto } from '../../../../common/schemas/admin-cities';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { interceptUploads, type PendingUpload } from '../../../test/upload';
import CityImportScreen from './city-import-screen';

const importOf = (overrides: Partial<CityImportDto> = {}): CityImportDto => ({
  id: 5,
  status: 'ready',
  filename: 'cities15000.zip',
  source: 'geonames',
  licence: 'CC BY 4.0, GeoNames (geonames.org)',
  progress: 100,
  totalRows: 20,
  validRows: 18,
  newCities: 17,
  updatedCities: 1,
  unchanged: 0,
  linked: 0,
  errorCount: 2,
  errors: [
    { line: 4, code: 'cityImportLatitude', message: 'The latitude must be a number between -90 and 90.' },
    { line: 9, code: 'cityImportCountryUnknown', message: 'The country code QQ is unknown.' },
  ],
  preview: [
    { line: 1, action: 'new', name: 'Neustadt am Testbach', countryCode: 'DE', population: 12000, geonameId: 9100001, cityId: null, before: null },
    {
      line: 2,
      action: 'update',
      name: 'Berlin',
      countryCode: 'DE',
      population: 3426354,
      geonameId: 2950159,
      cityId: 1,
      before: { name: 'Berlin', population: 3400000, latitude: 52.5, longitude: 13.4, geonameId: null },
    },
  ],
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = (id?: string) =>
  renderWithApp(<CityImportScreen id={id} />, { path: '/admin/city-import', namespaces: ['adminCities', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });

const freeText = () => jsonResponse({ names: [{ name: 'Kleinkleckersdorf', countryCode: 'DE', uses: 3, matchedCityId: null }] });

afterEach(() => vi.unstubAllGlobals());

describe('city import screen', () => {
  it('uploads a file, shows the reading progress, the preview with errors and changes, and imports with filters', async () => {
    const uploads: PendingUpload[] = [];
    interceptUploads((u) => uploads.push(u));
    let state: CityImportDto = importOf({ status: 'parsing', progress: 40, errors: [], preview: [], totalRows: 8, validRows: 8, newCities: 8, updatedCities: 0, errorCount: 0 });
    const calls = mockApi({
      'GET /api/admin/city-imports/5': () => jsonResponse(state),
      'POST /api/admin/city-imports/5/commit': () => {
        state = importOf({ status: 'importing', progress: 50 });
        return jsonResponse({ importId: 5 }, 202);
      },
      'GET /api/admin/cities/free-text': freeText,
    });
    await render();
    expect(await screen.findByText('Kleinkleckersdorf')).toBeTruthy();
    expect(screen.getByText('Not listed')).toBeTruthy();

    const submit = screen.getByRole('button', { name: 'Upload and preview' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const file = new File(['1\tBerlin'], 'cities15000.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    fireEvent.click(submit);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/admin/city-imports');
    expect((uploads[0]?.form.get('file') as File).name).toBe('cities15000.zip');
    uploads[0]?.progress(60);
    expect((await screen.findByRole('progressbar', { name: 'Uploading' })).getAttribute('aria-valuenow')).toBe('60');
    uploads[0]?.answer(202, { importId: 5 });

    const reading = await screen.findByRole('progressbar', { name: 'Reading the file' });
    expect(reading.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Reading', { selector: 'span' })).toBeTruthy();

    state = importOf();
    expect(await screen.findByText('Ready to import', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Licence: CC BY 4.0, GeoNames (geonames.org)', { exact: false })).toBeTruthy();
    expect(screen.getByText('Errors (2 of 2)')).toBeTruthy();
    expect(screen.getByText('The country code QQ is unknown.')).toBeTruthy();
    expect(screen.getByText('First 2 changes')).toBeTruthy();
    expect(screen.getByText('Neustadt am Testbach')).toBeTruthy();
    expect(screen.getByText('3,400,000 → 3,426,354')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Minimum population'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Only these countries'), { target: { value: 'deu' } });
    expect(screen.getByText('Please enter two-letter country codes.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Only these countries'), { target: { value: 'de, at' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ minPopulation: 5000, countryCodes: ['DE', 'AT'], linkFreeText: true });

    const writing = await screen.findByRole('progressbar', { name: 'Importing cities' });
    expect(writing.getAttribute('aria-valuenow')).toBe('50');
    state = importOf({ status: 'done', linked: 3 });
    expect(await screen.findByText('Import finished: 17 new, 1 updated, 3 typed city names attached.', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('discards an import only after confirming, naming the file and what happens', async () => {
    let discarded = false;
    const calls = mockApi({
      'GET /api/admin/city-imports/9': () => jsonResponse(importOf({ id: 9, filename: 'orte.csv', source: 'csv', licence: null, status: discarded ? 'cancelled' : 'ready' })),
      'DELETE /api/admin/city-imports/9': () => {
        discarded = true;
        return jsonResponse({ success: true });
      },
      'GET /api/admin/cities/free-text': freeText,
    });
    await render('9');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Discard the import of orte.csv?' }));
    expect(dialog.getByText("The preview and the file's rows are deleted. No city is changed.")).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/city-imports/9')).toBe(true));
    expect(await screen.findByText('This import was discarded. Cities already written stay.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });
});
