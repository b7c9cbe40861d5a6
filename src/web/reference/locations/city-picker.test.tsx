import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocationCity } from '../../../common/schemas/locations';
import { jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { CityPicker, type CityChoice } from './city-picker';
import { NearestCity } from './nearest-city';

const MUNICH: LocationCity = { cityId: 7, name: 'München', countryCode: 'DE', countryName: 'Deutschland', lat: 48.14, lng: 11.58 };
const MUNSTER: LocationCity = { cityId: 9, name: 'Münster', countryCode: 'DE', countryName: 'Deutschland', lat: 51.96, lng: 7.63 };

function Harness({ onChange, allowNew = false, countryCode }: { onChange: (choice: CityChoice | null) => void; allowNew?: boolean; countryCode?: string }) {
  const [value, setValue] = useState<CityChoice | null>(null);
  return (
    <CityPicker
      label="Stadt"
      value={value}
      allowNew={allowNew}
      countryCode={countryCode}
      onChange={(choice) => {
        setValue(choice);
        onChange(choice);
      }}
    />
  );
}

/** The search waits for typing to rest; a busy machine may take a while longer to answer. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('city picker', () => {
  it('searches as one types and takes a place with the arrow keys and Enter', async () => {
    const calls = mockApi({ 'GET /api/locations/search': () => jsonResponse({ results: [MUNICH, MUNSTER] }) });
    const onChange = vi.fn();
    await renderWithApp(<Harness onChange={onChange} countryCode="DE" />, { path: '/de/', namespaces: ['locations'] });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Stadt' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'munc');
    // Named with the country apart, as a screen reader reads it.
    await screen.findByRole('option', { name: 'München, Deutschland' }, SLOW);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 Orte gefunden. Mit den Pfeiltasten auswählen.');
    // One call for the settled text, with the country filter.
    expect(calls.map((c) => c.url)).toEqual(['/api/locations/search?q=munc&countryCode=DE']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Münster/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /München/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ cityId: 7, name: 'München', city: MUNICH });
    expect((box as HTMLInputElement).value).toBe('München');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  }, 15_000);

  it('asks nothing below two characters, closes on Escape and shows the choice again when left', async () => {
    const calls = mockApi({ 'GET /api/locations/search': () => jsonResponse({ results: [MUNICH] }) });
    const onChange = vi.fn();
    await renderWithApp(<Harness onChange={onChange} />, { path: '/de/', namespaces: ['locations'] });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Stadt' });
    await user.type(box, 'm');
    expect(await screen.findByText('Gib mindestens 2 Zeichen ein.', undefined, SLOW)).toBeTruthy();
    await user.type(box, 'ü');
    const option = await screen.findByRole('option', { name: /München/ }, SLOW);
    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith({ cityId: 7, name: 'München', city: MUNICH });
    await user.clear(box);
    await user.type(box, 'mün');
    await screen.findByRole('option', { name: /München/ }, SLOW);
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    expect((box as HTMLInputElement).value).toBe('München');
    expect(calls.every((c) => c.url.includes('q=m%C3%BC'))).toBe(true);
  });

  it('offers a name that finds nothing as a new city (id 0)', async () => {
    mockApi({ 'GET /api/locations/search': () => jsonResponse({ results: [] }) });
    const onChange = vi.fn();
    await renderWithApp(<Harness onChange={onChange} allowNew />, { path: '/de/', namespaces: ['locations'] });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Stadt' }), 'Kleinkleckersdorf');
    const option = await screen.findByRole('option', { name: "Nichts gefunden: 'Kleinkleckersdorf' als neue Stadt verwenden" }, SLOW);
    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith({ cityId: 0, name: 'Kleinkleckersdorf' });
    expect(screen.getByText("'Kleinkleckersdorf' wird als neue Stadt gespeichert.")).toBeTruthy();
    // Back in the field the chosen name is selected: typing replaces it rather than adding to it.
    await user.tab();
    await user.click(screen.getByRole('combobox', { name: 'Stadt' }));
    await user.keyboard('Kleinstadt');
    expect((screen.getByRole('combobox', { name: 'Stadt' }) as HTMLInputElement).value).toBe('Kleinstadt');
  });

  it('says nothing was found without offering a new city where none may be added', async () => {
    mockApi({ 'GET /api/locations/search': () => jsonResponse({ results: [] }) });
    await renderWithApp(<Harness onChange={vi.fn()} />, { path: '/', namespaces: ['locations'] });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Stadt' });
    await user.type(box, 'Qxz');
    expect(await screen.findByText('Nothing found.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['/', 'The location search failed. Please try again.', 'Try again'],
    ['/de/', 'Die Ortssuche ist fehlgeschlagen. Bitte versuche es erneut.', 'Erneut versuchen'],
    ['/es/', 'La búsqueda de lugares ha fallado. Inténtalo de nuevo.', 'Reintentar'],
    ['/fr/', 'La recherche de lieux a échoué. Réessaie.', 'Réessayer'],
    ['/pt/', 'A pesquisa de locais falhou. Tenta novamente.', 'Tentar novamente'],
  ])('says a failed search in the page language (%s) and tries again', async (path, text, retry) => {
    let fail = true;
    mockApi({
      'GET /api/locations/search': () => (fail ? jsonResponse({ success: false, error: 'boom' }, 500) : jsonResponse({ results: [MUNICH] })),
    });
    await renderWithApp(<Harness onChange={vi.fn()} />, { path, namespaces: ['locations'] });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'mun');
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toContain(text);
    fail = false;
    await user.click(screen.getByRole('button', { name: retry }));
    await screen.findByRole('option', { name: /München/ }, SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('nearest city', () => {
  it('asks for the position only on a click and names the nearest city, or none', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 52.52, longitude: 13.4 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    let answer: unknown = { city: { ...MUNICH, name: 'Berlin', cityId: 1 }, distanceKm: 3.2 };
    const calls = mockApi({ 'GET /api/locations/nearest': () => jsonResponse(answer) });
    await renderWithApp(<NearestCity />, { path: '/de/', namespaces: ['locations'] });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nächste Stadt: Berlin, Deutschland (3,2 km entfernt)'), SLOW);
    expect(calls[0]?.url).toBe('/api/locations/nearest?lat=52.52&lng=13.4');
    answer = { city: null, distanceKm: null };
    await user.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Im Umkreis von 100 km gibt es keine Stadt auf der Plattform.'), SLOW);
  });

  it('says when the position cannot be read', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) } });
    await renderWithApp(<NearestCity />, { path: '/', namespaces: ['locations'] });
    await act(async () => screen.getByRole('button', { name: 'Use my location' }).click());
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe('Your location could not be read. Please allow location access and try again.');
  });
});
