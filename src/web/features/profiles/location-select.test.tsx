import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationCity } from '../../../common/schemas/locations';
import { jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { LocationSelect, type LocationValue } from './components/edit/location-select';

const MUNICH: LocationCity = { cityId: 7, name: 'München', countryCode: 'DE', countryName: 'Deutschland', lat: 48.14, lng: 11.58 };

/** The search waits for typing to rest; a busy machine may take a while longer to answer. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the profile editor's city", () => {
  it('searches the chosen country and keeps the form value shape, "Other City" as id 0', async () => {
    const calls = mockApi({
      'GET /countries-cities-completed.json': () =>
        jsonResponse([{ id: 3, code: 'DE', name: 'Deutschland', names: {}, cities: [] }, { id: 4, code: 'AT', name: 'Österreich', names: {}, cities: [] }]),
      'GET /api/locations/search': (url) => jsonResponse({ results: url.includes('q=Kleinstadt') ? [] : [MUNICH] }),
    });
    const changes: LocationValue[] = [];
    function Form() {
      const [value, setValue] = useState<LocationValue>({ countryId: null, cityId: null, cityName: '' });
      return (
        <LocationSelect
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      );
    }
    await renderWithApp(<Form />, { path: '/de/', namespaces: ['profiles', 'profileEdit', 'locations'] });
    const user = userEvent.setup();
    const city = await screen.findByRole('combobox', { name: 'Stadt' }, SLOW);
    expect((city as HTMLInputElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText(/^Land/), 'Deutschland');
    expect((city as HTMLInputElement).disabled).toBe(false);
    await user.type(city, 'münch');
    await user.click(await screen.findByRole('option', { name: /München/ }, SLOW));
    expect(changes.at(-1)).toEqual({ countryId: 3, cityId: 7, cityName: 'München' });
    expect(calls.some((c) => c.url.includes('countryCode=DE'))).toBe(true);
    await user.clear(city);
    await user.type(city, 'Kleinstadt');
    await user.click(await screen.findByRole('option', { name: /Kleinstadt/ }, SLOW));
    expect(changes.at(-1)).toEqual({ countryId: 3, cityId: 0, cityName: 'Kleinstadt' });
    await user.selectOptions(screen.getByLabelText(/^Land/), 'Österreich');
    expect(changes.at(-1)).toEqual({ countryId: 4, cityId: null, cityName: '' });
    expect((city as HTMLInputElement).value).toBe('');
  });
});
