import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PromotionRequest } from '../../../../common/schemas/admin-money';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import InstagramScreen, { captionWithHashtags, localInputToIso } from './instagram-screen';

const HOUR = 3_600_000;
const request = (overrides: Partial<PromotionRequest> = {}): PromotionRequest => ({
  id: 11,
  productType: 'instagram_story',
  status: 'open',
  user: { id: 4, username: 'lena_ink', name: 'Lena' },
  post: {
    id: 3,
    type: 'story',
    caption: 'Flash day',
    hashtags: ['flash', 'berlin'],
    plannedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    media: { url: '/uploads/instagram/4/a.webp', thumbnailUrl: '/uploads/instagram/4/a-thumb.webp' },
  },
  permalink: null,
  reason: null,
  overdue: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = () => renderWithApp(<InstagramScreen />, { path: '/admin/instagram', namespaces: ['adminMoney', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });

describe('instagram promotion requests', () => {
  it('shows an overdue request with its picture to download and copies the caption with hashtags', async () => {
    mockApi({ 'GET /api/admin/instagram/requests': () => jsonResponse({ requests: [request()], nextCursor: null }) });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await render();
    expect(await screen.findByText('Overdue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download picture' }).getAttribute('href')).toBe('/uploads/instagram/4/a.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Copy caption with hashtags' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Flash day\n\n#flash #berlin'));
  });

  it('publishes only with an instagram.com link', async () => {
    const calls = mockApi({
      'GET /api/admin/instagram/requests': () => jsonResponse({ requests: [request()], nextCursor: null }),
      'POST /api/admin/instagram/requests/11/publish': () => jsonResponse({ request: request({ status: 'published' }) }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as published' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Mark as published' }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText('Link to the post on Instagram'), { target: { value: 'https://example.com/p/1' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Link to the post on Instagram'), { target: { value: 'https://www.instagram.com/p/C0ffee/' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ permalink: 'https://www.instagram.com/p/C0ffee/' }));
  });

  it('rejects with a reason the owner will read', async () => {
    const calls = mockApi({
      'GET /api/admin/instagram/requests': () => jsonResponse({ requests: [request()], nextCursor: null }),
      'POST /api/admin/instagram/requests/11/reject': () => jsonResponse({ request: request({ status: 'rejected' }) }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/goes back to the account as a credit/)).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Picture too blurry' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Picture too blurry' }));
  });

  it('shows the week view with the requests on their day', async () => {
    mockApi({
      'GET /api/admin/instagram/requests': () => jsonResponse({ requests: [request({ post: { ...request().post, plannedAt: new Date().toISOString() } })], nextCursor: null }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Week' }));
    const week = within(screen.getByRole('region', { name: 'Week' }));
    expect(week.getByText(/Instagram story · @lena_ink/)).toBeTruthy();
  });

  it('builds the caption and turns a local time into ISO 8601 with its offset', () => {
    expect(captionWithHashtags({ ...request().post, caption: '', hashtags: ['a'] })).toBe('#a');
    const iso = localInputToIso('2031-03-04T18:30');
    expect(iso).toMatch(/^2031-03-04T18:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso ?? '')).toBe(new Date('2031-03-04T18:30').getTime());
    expect(localInputToIso('')).toBeNull();
  });
});
