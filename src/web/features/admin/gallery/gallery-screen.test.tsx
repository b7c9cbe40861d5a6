import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModerationImage } from '../../../../common/schemas/admin-moderation';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import GalleryScreen from './gallery-screen';

const image = (overrides: Partial<ModerationImage> = {}): ModerationImage => ({
  id: 5,
  thumbnailUrl: '/uploads/gallery/1/a-thumbnail.webp',
  mediumUrl: '/uploads/gallery/1/a-medium.webp',
  largeUrl: '/uploads/gallery/1/a-large.webp',
  width: 800,
  height: 800,
  caption: 'Koi sleeve',
  styles: [{ id: 1, name: 'Japanese' }],
  uploadedAt: '2026-11-20T10:00:00.000Z',
  uploader: { id: 1, name: 'Anna Ink', username: 'anna_ink' },
  status: 'new',
  hiddenReason: null,
  reportCount: 2,
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = () => renderWithApp(<GalleryScreen />, { path: '/admin/gallery', namespaces: ['adminModeration', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });

describe('gallery moderation screen', () => {
  it('selects images with the keyboard and marks them reviewed', async () => {
    const calls = mockApi({
      'GET /api/admin/gallery': () => jsonResponse({ images: [image(), image({ id: 6, caption: 'Rose', reportCount: 0 })], nextCursor: null }),
      'POST /api/admin/gallery/review': () => jsonResponse({ success: true, reviewed: 1 }),
    });
    await render();
    const tile = await screen.findByRole('checkbox', { name: /Koi sleeve/ });
    expect(screen.getByText('2 reports')).toBeTruthy();
    fireEvent.keyDown(tile, { key: ' ' });
    expect(tile.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mark selected as reviewed/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/gallery/review')).toBe(true));
  });

  it('hides an image from the enlarged view only with a reason', async () => {
    const calls = mockApi({
      'GET /api/admin/gallery': () => jsonResponse({ images: [image()], nextCursor: null }),
      'POST /api/admin/gallery/5/hide': () => jsonResponse({ success: true }),
    });
    await render();
    fireEvent.keyDown(await screen.findByRole('checkbox', { name: /Koi sleeve/ }), { key: 'Enter' });
    expect(await screen.findByText('Image by Anna Ink')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Hide$/ }));
    expect(await screen.findByText(/It leaves the gallery and the profile at once/)).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Hide' }).at(-1) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Stolen work' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/gallery/5/hide')).toBe(true));
  });
});
