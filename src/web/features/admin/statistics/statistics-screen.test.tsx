import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StatisticsWeek } from '../../../../common/schemas/admin-inbox';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import StatisticsScreen from './statistics-screen';
import type { WeeklyChartProps } from './weekly-chart';

// uPlot draws on a canvas, which the test DOM does not have: the chart stands in as its props.
vi.mock('./weekly-chart', () => ({
  WeeklyChart: (props: WeeklyChartProps) => (
    <div role="img" aria-label={props.label} data-kind={props.kind}>
      {props.series.map((s) => `${s.label}: ${s.values.map(props.format).join(' ')}`).join(' | ')}
    </div>
  ),
}));

const week = (weekStart: string, overrides: Partial<StatisticsWeek> = {}): StatisticsWeek => ({
  weekStart,
  registrations: { artist: 0, studio: 0 },
  activeUsers: 0,
  guestSpots: 0,
  availabilities: 0,
  messages: 0,
  revenueCents: { featured_artist: 0, featured_studio: 0, instagram_feed_post: 0, instagram_story: 0, instagram_reel: 0 },
  ...overrides,
});

const weeks = [
  week('2026-12-21', { registrations: { artist: 3, studio: 1 }, activeUsers: 12, messages: 40 }),
  week('2026-12-28', { registrations: { artist: 2, studio: 0 }, activeUsers: 9, revenueCents: { featured_artist: 1990, featured_studio: 0, instagram_feed_post: 990, instagram_story: 0, instagram_reel: 0 } }),
];

const render = (path = '/admin/statistics') =>
  renderWithApp(<StatisticsScreen />, { path, namespaces: ['adminInbox', 'admin', 'errors'], session: { state: 'loggedIn', user: createSessionUser({ role: 'admin' }) } });

describe('statistics', () => {
  it('draws five charts, stacked bars for registrations and revenue, lines for the rest', async () => {
    const calls = mockApi({ 'GET /api/admin/statistics': () => jsonResponse({ weeks }) });
    await render();
    // The first render loads the screen's texts and code: a longer wait than a click's.
    await screen.findByRole('heading', { name: 'Registrations' }, { timeout: 5000 });
    expect(calls[0]?.url).toBe('/api/admin/statistics');
    for (const title of ['Registrations', 'Revenue', 'Active users', 'New listings', 'Messages sent']) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
    expect((await screen.findByRole('img', { name: 'Chart: Registrations' })).dataset.kind).toBe('stacked');
    expect(screen.getByRole('img', { name: 'Chart: Revenue' }).dataset.kind).toBe('stacked');
    expect(screen.getByRole('img', { name: 'Chart: Active users' }).dataset.kind).toBe('lines');
    expect(screen.getByRole('img', { name: 'Chart: Active users' }).textContent).toBe('Active users: 12 9');
  });

  it('shows revenue as a table in euros of the admin’s locale, with ISO week numbers', async () => {
    mockApi({ 'GET /api/admin/statistics': () => jsonResponse({ weeks }) });
    await render('/de/admin/statistics');
    const panel = (await screen.findByRole('heading', { name: 'Umsatz' })).closest('section') as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: 'Tabelle' }));
    const table = within(within(panel).getByRole('table'));
    const row = table.getByRole('row', { name: /KW 53, 2026/ });
    expect(within(row).getByText('19,90 €')).toBeTruthy();
    expect(within(row).getByText('9,90 €')).toBeTruthy();
    expect(within(row).getByText('29,80 €')).toBeTruthy();
  });

  it('downloads a chart’s numbers as CSV', async () => {
    mockApi({ 'GET /api/admin/statistics': () => jsonResponse({ weeks }) });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:stats';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await render();
    const panel = (await screen.findByRole('heading', { name: 'Revenue' })).closest('section') as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await blobs[0]?.text()).toBe(
      'Week from,Featured artist,Featured studio,Instagram feed post,Instagram story,Instagram reel\r\n' +
        '2026-12-21,0.00,0.00,0.00,0.00,0.00\r\n' +
        '2026-12-28,19.90,0.00,9.90,0.00,0.00\r\n',
    );
  });

  it('asks for the chosen span and shows the server’s refusal', async () => {
    const calls = mockApi({
      'GET /api/admin/statistics?from=2020': () => jsonResponse({ success: false, error: 'At most 104 weeks can be shown at once.' }, 400),
      'GET /api/admin/statistics': () => jsonResponse({ weeks }),
    });
    await render();
    await screen.findByRole('heading', { name: 'Registrations' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-06' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/statistics?from=2020-01-06&to=2026-12-31'));
    expect(await screen.findByText('At most 104 weeks can be shown at once.')).toBeTruthy();
  });
});
