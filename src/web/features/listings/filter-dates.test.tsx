import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { FilterBar } from './filter-bar';
import type { Filters } from './list-address';

const EMPTY: Filters = { style: '', country: '', city: '', from: '', to: '', q: '', available: '' };

afterEach(() => vi.unstubAllGlobals());

describe('list filter dates', () => {
  it('take the page language’s format and put only whole days into the address', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([])));
    const onChange = vi.fn();
    await renderWithApp(<FilterBar idPrefix="gs-filter" fields={['from', 'to']} filters={{ ...EMPTY, to: '2027-01-31' }} onChange={onChange} active />, {
      path: '/de/',
      namespaces: ['listings'],
    });
    // The field loads apart from the page; until then a read-only stand-in shows the same day.
    await waitFor(() => expect((screen.getByLabelText('Von') as HTMLInputElement).placeholder).toBe('TT.MM.JJJJ'), { timeout: 5000 });
    const from = screen.getByLabelText('Von') as HTMLInputElement;
    expect((screen.getByLabelText('Bis') as HTMLInputElement).value).toBe('31.01.2027');

    fireEvent.change(from, { target: { value: '24.12' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(from, { target: { value: '24.12.2026' } });
    expect(onChange).toHaveBeenCalledWith({ from: '2026-12-24' });
    fireEvent.change(from, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '' });
  });
});
