import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { isoWeek, isoWeekStart, shiftDay } from '../../../../common/iso-week';
import { LOCALES } from '../../../../common/languages';
import { REVENUE_PRODUCTS, STATISTICS_DEFAULT_WEEKS, type StatisticsWeek } from '../../../../common/schemas/admin-inbox';
import { useLanguage } from '../../../i18n/language';
import { useTranslation } from '../../../i18n/react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/field';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, Skeleton } from '../../../ui/skeleton';
import { useStatistics } from './statistics-api';
import type { ChartSeries } from './weekly-chart';

// The chart library comes with the first chart drawn, not with the screen's table and form.
const WeeklyChart = lazy(() => import('./weekly-chart').then((m) => ({ default: m.WeeklyChart })));

const NAMESPACES = ['adminInbox', 'admin'] as const;

// Distinct on a light background and for the common colour-vision deficiencies (Okabe-Ito).
const COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00'];

interface ChartDef {
  id: 'registrations' | 'revenue' | 'activeUsers' | 'listings' | 'messages';
  kind: 'stacked' | 'lines';
  money?: boolean;
  series: { key: string; pick: (w: StatisticsWeek) => number }[];
}

const CHARTS: ChartDef[] = [
  {
    id: 'registrations',
    kind: 'stacked',
    series: [
      { key: 'artist', pick: (w) => w.registrations.artist },
      { key: 'studio', pick: (w) => w.registrations.studio },
    ],
  },
  { id: 'revenue', kind: 'stacked', money: true, series: REVENUE_PRODUCTS.map((p) => ({ key: p, pick: (w: StatisticsWeek) => w.revenueCents[p] })) },
  { id: 'activeUsers', kind: 'lines', series: [{ key: 'activeUsers', pick: (w) => w.activeUsers }] },
  {
    id: 'listings',
    kind: 'lines',
    series: [
      { key: 'guestSpots', pick: (w) => w.guestSpots },
      { key: 'availabilities', pick: (w) => w.availabilities },
    ],
  },
  { id: 'messages', kind: 'lines', series: [{ key: 'messages', pick: (w) => w.messages }] },
];

const today = () => new Date().toISOString().slice(0, 10);

/** A CSV field, quoted when it holds a separator, a quote or a line break. */
function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Offers a text as a file download. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Weekly figures as charts, each with a table view and a CSV download. */
export default function StatisticsScreen() {
  const { t } = useTranslation(NAMESPACES);
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [from, setFrom] = useState(() => shiftDay(isoWeekStart(today()), -7 * (STATISTICS_DEFAULT_WEEKS - 1)));
  const [to, setTo] = useState(today);
  const stats = useStatistics(range);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange({ from: from || undefined, to: to || undefined });
  };
  const lastWeeks = (count: number) => {
    const start = shiftDay(isoWeekStart(today()), -7 * (count - 1));
    setFrom(start);
    setTo(today());
    setRange({ from: start, to: today() });
  };

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('adminInbox:statistics.title')}</h1>
        <p className="max-w-[70ch] text-ink-muted">{t('adminInbox:statistics.intro')}</p>
      </header>
      <form onSubmit={apply} aria-label={t('adminInbox:statistics.range')} className="flex flex-wrap items-end gap-3">
        <div>
          <TextField label={t('adminInbox:statistics.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <TextField label={t('adminInbox:statistics.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} hint={t('adminInbox:statistics.rangeHint')} />
        </div>
        <Button type="submit" variant="primary">
          {t('adminInbox:statistics.apply')}
        </Button>
        <Button onClick={() => lastWeeks(STATISTICS_DEFAULT_WEEKS)}>{t('adminInbox:statistics.lastWeeks')}</Button>
        <Button onClick={() => lastWeeks(52)}>{t('adminInbox:statistics.lastYear')}</Button>
      </form>
      {stats.isError && <QueryErrorAlert query={stats} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />}
      {!stats.data ? (
        !stats.isError && (
          <LoadingShape label={t('admin:layout.loading')} className="space-y-4">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </LoadingShape>
        )
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {CHARTS.map((chart) => (
            <ChartPanel key={chart.id} chart={chart} weeks={stats.data} />
          ))}
        </div>
      )}
    </div>
  );
}

function ChartPanel({ chart, weeks }: { chart: ChartDef; weeks: StatisticsWeek[] }) {
  const { t } = useTranslation(NAMESPACES);
  const lang = useLanguage();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const title = t(`adminInbox:statistics.charts.${chart.id}`);
  const headingId = `stats-${chart.id}`;

  const { format, formatWeek, series, starts } = useMemo(() => {
    const money = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' });
    const count = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 });
    const day = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      format: chart.money ? (cents: number) => money.format(cents / 100) : (n: number) => count.format(n),
      formatWeek: (start: string) => day.format(new Date(`${start}T00:00:00Z`)),
      starts: weeks.map((w) => w.weekStart),
      series: chart.series.map(
        (s, i): ChartSeries => ({ label: t(`adminInbox:statistics.series.${s.key}`), values: weeks.map(s.pick), color: COLORS[i % COLORS.length] as string }),
      ),
    };
  }, [chart, weeks, lang, t]);

  const weekName = (start: string) => {
    const { week, year } = isoWeek(start);
    return t('adminInbox:statistics.weekLabel', { week, year });
  };

  const csv = () => {
    const header = [t('adminInbox:statistics.week'), ...series.map((s) => s.label)];
    // Plain numbers for spreadsheets: euros with a point, counts as they are.
    const plain = (n: number) => (chart.money ? (n / 100).toFixed(2) : String(n));
    const rows = starts.map((start, i) => [start, ...series.map((s) => plain(s.values[i] ?? 0))]);
    const text = [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');
    download(`statistics-${chart.id}-${starts[0] ?? ''}-${starts.at(-1) ?? ''}.csv`, `${text}\r\n`);
  };

  return (
    <Card className="space-y-3 p-4">
      <section aria-labelledby={headingId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold">
            {title}
          </h2>
          <div className="flex flex-wrap gap-2">
            <div role="group" aria-label={t('adminInbox:statistics.views', { title })} className="flex gap-1">
              <Button size="sm" variant={view === 'chart' ? 'primary' : 'secondary'} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
                {t('adminInbox:statistics.chartView')}
              </Button>
              <Button size="sm" variant={view === 'table' ? 'primary' : 'secondary'} aria-pressed={view === 'table'} onClick={() => setView('table')}>
                {t('adminInbox:statistics.tableView')}
              </Button>
            </div>
            <Button size="sm" onClick={csv}>
              <Download aria-hidden="true" className="size-4" />
              {t('adminInbox:statistics.csv')}
            </Button>
          </div>
        </div>
        {view === 'chart' ? (
          <Suspense fallback={<Skeleton className="h-64" />}>
            <WeeklyChart weeks={starts} series={series} kind={chart.kind} format={format} formatWeek={formatWeek} label={t('adminInbox:statistics.chartLabel', { title })} weekLabel={t('adminInbox:statistics.week')} />
          </Suspense>
        ) : (
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="text-left text-ink-muted">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t('adminInbox:statistics.week')}
                  </th>
                  {series.map((s) => (
                    <th key={s.label} scope="col" className="py-1 pr-3 text-right font-semibold">
                      {s.label}
                    </th>
                  ))}
                  {series.length > 1 && (
                    <th scope="col" className="py-1 text-right font-semibold">
                      {t('adminInbox:statistics.total')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {starts.map((start, i) => (
                  <tr key={start} className="border-t border-line">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                      {weekName(start)} <span className="text-ink-muted">· {formatWeek(start)}</span>
                    </th>
                    {series.map((s) => (
                      <td key={s.label} className="py-1.5 pr-3 text-right tabular-nums">
                        {format(s.values[i] ?? 0)}
                      </td>
                    ))}
                    {series.length > 1 && <td className="py-1.5 text-right tabular-nums">{format(series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0))}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
