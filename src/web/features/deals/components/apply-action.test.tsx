import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ApplyAction } from './apply-action';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const artist = createSessionUser({ id: 41, userType: 'artist' });
const spot = { id: 7, title: 'Winter in Kreuzberg', isActive: true, startDate: '2027-05-01', endDate: '2027-05-20', terms: { minDays: 5 } };

async function openDialog(path = '/guestspot/winter-in-kreuzberg', onApplied = vi.fn()) {
  await renderWithApp(<ApplyAction spot={spot} studioId={31} hasApplied={false} onApplied={onApplied} />, {
    path,
    namespaces: ['deals', 'errors', 'common'],
    session: { state: 'loggedIn', user: artist },
  });
  fireEvent.click(screen.getByRole('button', { name: /Apply|Bewerben/ }));
  const dialog = await screen.findByRole('dialog');
  // The form's code arrives after the dialog opens.
  await within(dialog).findByRole('button', { name: /Send application|Bewerbung senden/ }, { timeout: 3000 });
  return dialog;
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.success.mockReset();
});

describe('apply dialog', () => {
  it('defaults to the whole window, says the least stay, and sends the days and the message', async () => {
    const calls = mockApi({ 'POST /api/guest-spots/7/apply': () => jsonResponse({ success: true, conversationId: 31 }, 201) });
    const onApplied = vi.fn();
    const dialog = await openDialog('/guestspot/winter-in-kreuzberg', onApplied);
    expect(within(dialog).getByText(/Stay at least 5 days\./)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'First day' }) as HTMLInputElement).value).toBe('05/01/2027');
    expect((within(dialog).getByRole('textbox', { name: 'Last day' }) as HTMLInputElement).value).toBe('05/20/2027');
    fireEvent.change(within(dialog).getByLabelText(/Message to the studio/), { target: { value: 'Hi, Lena here.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ startDate: '2027-05-01', endDate: '2027-05-20', message: 'Hi, Lena here.' });
    expect(toast.success).toHaveBeenCalled();
  });

  it('says under the field when the days are too few or outside the window, before sending', async () => {
    const calls = mockApi({});
    const dialog = await openDialog('/de/guestspot/winter-in-kreuzberg');
    const last = within(dialog).getByRole('textbox', { name: 'Letzter Tag' });
    fireEvent.change(last, { target: { value: '03.05.2027' } });
    fireEvent.blur(last);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bewerbung senden' }));
    expect(await within(dialog).findByText('Bitte bleib mindestens 5 Tage.')).toBeTruthy();
    fireEvent.change(last, { target: { value: '25.05.2027' } });
    expect(await within(dialog).findByText('Bitte wähle Tage innerhalb des Zeitraums des Gastplatzes.')).toBeTruthy();
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('shows the server refusal in place and stays open', async () => {
    mockApi({ 'POST /api/guest-spots/7/apply': () => jsonResponse({ error: 'This spot has no free place on these days.' }, 409) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This spot has no free place on these days.');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('is not offered to studios, and asks visitors to log in', async () => {
    const { unmount } = await renderWithApp(<ApplyAction spot={spot} studioId={31} hasApplied={false} />, {
      namespaces: ['deals'],
      session: { state: 'loggedIn', user: createSessionUser({ id: 31, userType: 'studio' }) },
    });
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    unmount();
    await renderWithApp(<ApplyAction spot={spot} studioId={31} hasApplied={false} />, { namespaces: ['deals'] });
    expect(screen.getByRole('link', { name: 'Log in to apply' })).toBeTruthy();
  });
});
