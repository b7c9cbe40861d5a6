import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast';
import { createGalleryImage, createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { Lightbox } from './lightbox';

vi.mock('../../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const OWNER_ID = 7;
const images = [createGalleryImage({ id: 41, caption: 'Rose' }), createGalleryImage({ id: 42, caption: 'Dagger' })];

function show(user: ReturnType<typeof createSessionUser> | null) {
  return renderWithApp(
    <Lightbox images={images} index={1} onIndexChange={() => {}} onClose={() => {}} seed={OWNER_ID} ownerId={OWNER_ID} ownerName="Mara" />,
    { path: '/tattoo-gallery', namespaces: ['gallery', 'messages'], session: user ? { state: 'loggedIn', user } : { state: 'loggedOut', user: null } },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('reporting a picture in the enlarged view', () => {
  it('offers visitors no Report action', async () => {
    await show(null);
    await screen.findByRole('dialog', { name: 'Image 2 of 2' });
    expect(screen.queryByRole('button', { name: 'Report image' })).toBeNull();
  });

  it('offers the owner no Report action', async () => {
    await show(createSessionUser({ id: OWNER_ID }));
    await screen.findByRole('dialog', { name: 'Image 2 of 2' });
    expect(screen.queryByRole('button', { name: 'Report image' })).toBeNull();
  });

  it('reports the picture shown as stolen work and thanks, also for a repeat report', async () => {
    const calls = mockApi({ 'POST /api/reports': () => jsonResponse({ report: { id: 5 } }) });
    await show(createSessionUser({ id: 8 }));
    for (const round of [1, 2]) {
      fireEvent.click(await screen.findByRole('button', { name: 'Report image' }));
      await screen.findByRole('dialog', { name: 'Report an image by Mara' });
      fireEvent.click(screen.getByRole('radio', { name: 'Stolen work (not their own tattoo)' }));
      fireEvent.change(screen.getByRole('textbox', { name: /Details/ }), { target: { value: 'My own piece from 2024.' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(round));
      expect(toast.success).toHaveBeenLastCalledWith('Thank you. Our team will look at your report.');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report an image by Mara' })).toBeNull());
    }
    expect(calls).toEqual([
      { method: 'POST', url: '/api/reports', body: { targetType: 'image', targetId: 42, reason: 'stolen_work', details: 'My own piece from 2024.' } },
      { method: 'POST', url: '/api/reports', body: { targetType: 'image', targetId: 42, reason: 'stolen_work', details: 'My own piece from 2024.' } },
    ]);
  });
});
