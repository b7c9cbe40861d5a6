import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrustFigures } from '../../../common/schemas/trust';
import { jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { interceptUploads, type PendingUpload } from '../../test/upload';
import { ReviewPromptsCard } from './review-prompts-card';
import { TrustFiguresLine, responseTimeKey } from './trust-strip';
import { VerificationCard } from './verification-card';

afterEach(() => vi.unstubAllGlobals());

const figures = (overrides: Partial<TrustFigures> = {}): TrustFigures => ({
  responseRate: 92, typicalResponseHours: 20, answeredRequests: 13, completedStays: 12, verifiedStudio: true, ...overrides,
});

describe('trust strip', () => {
  it('says rate, time, stays and the badge in words', async () => {
    await renderWithApp(<TrustFiguresLine figures={figures()} />, { namespaces: ['trust'] });
    const strip = screen.getByRole('list', { name: 'Trust' });
    expect(within(strip).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Answers 92 % of requests', 'usually within 20 hours', '12 stays completed', 'Verified studio',
    ]);
  });

  it('leaves out what is unknown, in German, and shows nothing when nothing is known', async () => {
    const { unmount } = await renderWithApp(<TrustFiguresLine figures={figures({ responseRate: null, typicalResponseHours: null, completedStays: 1, verifiedStudio: false })} />, {
      path: '/de/x', namespaces: ['trust'],
    });
    expect(screen.getByRole('list', { name: 'Vertrauen' }).textContent).toBe('1 abgeschlossener Aufenthalt');
    unmount();
    const { container } = await renderWithApp(<TrustFiguresLine figures={figures({ responseRate: null, typicalResponseHours: null, completedStays: 0, verifiedStudio: false })} />, { namespaces: ['trust'] });
    expect(container.textContent).toBe('');
  });

  it('words the typical time in hours up to a day, then days', () => {
    expect(responseTimeKey(0.4)).toEqual({ key: 'strip.withinHour' });
    expect(responseTimeKey(5.2)).toEqual({ key: 'strip.withinHours', count: 6 });
    expect(responseTimeKey(24)).toEqual({ key: 'strip.withinDay' });
    expect(responseTimeKey(50)).toEqual({ key: 'strip.withinDays', count: 3 });
  });
});

describe('review prompts', () => {
  it('lists the stays to review with a link to the other’s reviews, and nothing without any', async () => {
    mockApi({
      'GET /api/trust/review-prompts': () =>
        jsonResponse({ prompts: [{ stayId: 4, endDate: '2030-05-10', otherUser: { id: 31, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null } }] }),
    });
    await renderWithApp(<ReviewPromptsCard />, { path: '/de/dashboard', namespaces: ['trust'] });
    const link = await screen.findByRole('link', { name: 'Nadelwerk Berlin bewerten' });
    expect(link.getAttribute('href')).toBe('/de/Nadelwerk-Berlin?tab=reviews');
    expect(screen.getByRole('heading', { name: 'Wie war dein Aufenthalt?' })).toBeTruthy();
  });

  it('shows nothing when every stay is reviewed', async () => {
    mockApi({ 'GET /api/trust/review-prompts': () => jsonResponse({ prompts: [] }) });
    const { container } = await renderWithApp(<ReviewPromptsCard />, { namespaces: ['trust'] });
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });
});

describe('verification card', () => {
  it('shows the rejection reason and sends a new document, then shows it waiting', async () => {
    mockApi({ 'GET /api/trust/verification': () => jsonResponse({ status: 'rejected', id: 3, reason: 'Unreadable scan.', createdAt: '2030-05-01T10:00:00Z', decidedAt: '2030-05-02T10:00:00Z' }) });
    const uploads: PendingUpload[] = [];
    interceptUploads((u) => uploads.push(u));
    await renderWithApp(<VerificationCard />, { namespaces: ['trust'] });
    expect(await screen.findByText('Unreadable scan.')).toBeTruthy();
    const input = screen.getByLabelText('Document') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'registration.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/trust/verification');
    expect((uploads[0]?.form.get('document') as File).name).toBe('registration.pdf');
    uploads[0]?.answer(201, { status: 'pending', id: 4, reason: null, createdAt: '2030-05-03T10:00:00Z', decidedAt: null });
    expect(await screen.findByText(/is waiting for review/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('names a wrong file before sending it', async () => {
    mockApi({ 'GET /api/trust/verification': () => jsonResponse({ status: 'none', id: null, reason: null, createdAt: null, decidedAt: null }) });
    const uploads: PendingUpload[] = [];
    interceptUploads((u) => uploads.push(u));
    await renderWithApp(<VerificationCard />, { namespaces: ['trust'] });
    const input = (await screen.findByLabelText('Document')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    await userEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Please choose a PDF, JPEG or PNG file.')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });
});
