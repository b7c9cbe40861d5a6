import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { ShareProfileDialog } from './share-profile-dialog';

describe('share profile dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("builds every share link on the platform's public address, not the browser's origin", async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/site': () => jsonResponse({ operator: null, publicUrl: 'https://tattooguestspots.example' }) })));
    const user = userEvent.setup();
    await renderWithApp(<ShareProfileDialog path="/Lena-Ink" />, { path: '/de/dashboard', namespaces: ['dashboard'] });
    expect(window.location.origin).not.toBe('https://tattooguestspots.example');
    await user.click(screen.getByRole('button', { name: 'Profil teilen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teile dein Profil' });
    const field = (await within(dialog).findByLabelText('Profillink')) as HTMLInputElement;
    expect(field.value).toBe('https://tattooguestspots.example/Lena-Ink');
    const facebook = within(dialog).getByRole('link', { name: 'Auf Facebook teilen' }).getAttribute('href');
    expect(facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('https://tattooguestspots.example/Lena-Ink')}`);
    expect(within(dialog).getByRole('link', { name: 'Auf WhatsApp teilen' }).getAttribute('href')).toContain(encodeURIComponent('https://tattooguestspots.example/Lena-Ink'));
  });

  it('says so when the address cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/site': () => jsonResponse({ success: false, error: 'down' }, 500) })));
    const user = userEvent.setup();
    await renderWithApp(<ShareProfileDialog path="/Lena-Ink" />, { path: '/', namespaces: ['dashboard'] });
    await user.click(screen.getByRole('button', { name: 'Share profile' }));
    expect(await screen.findByText('The link could not be loaded. Please try again later.')).toBeTruthy();
    expect(screen.queryByLabelText('Profile link')).toBeNull();
  });
});
