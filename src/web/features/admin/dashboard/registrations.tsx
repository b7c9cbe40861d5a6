import { LOCALES } from '../../../../common/languages';
import { useLanguage } from '../../../i18n/language';
import { useTranslation } from '../../../i18n/react';
import { Card } from '../../../ui/card';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, Skeleton } from '../../../ui/skeleton';
import { useAdminRegistrations } from '../api/admin-api';

/** The new accounts of the last seven days, artists and studios, as bars with the numbers beside them. */
export function Registrations() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const days = useAdminRegistrations();
  const weekday = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const rows = days.data ?? [];
  const most = Math.max(1, ...rows.map((d) => d.artist + d.studio));
  const totals = rows.reduce((sum, d) => ({ artist: sum.artist + d.artist, studio: sum.studio + d.studio }), { artist: 0, studio: 0 });
  return (
    <section aria-labelledby="admin-registrations" className="space-y-3">
      <div>
        <h2 id="admin-registrations" className="text-xl font-bold">
          {t('dashboard.registrations.title')}
        </h2>
        {days.data && <p className="text-sm text-ink-muted">{t('dashboard.registrations.total', { artists: totals.artist, studios: totals.studio })}</p>}
      </div>
      {days.isError && !days.data ? (
        <QueryErrorAlert query={days} retryLabel={t('retry')} fallback={t('loadFailed')} />
      ) : !days.data ? (
        <LoadingShape label={t('layout.loading')}>
          <Skeleton className="h-56" />
        </LoadingShape>
      ) : (
        <Card className="overflow-x-auto p-4">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('dashboard.registrations.title')}</caption>
            <thead>
              <tr className="text-left text-ink-muted">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {t('dashboard.registrations.day')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  <span aria-hidden="true" className="mr-1.5 inline-block size-2.5 rounded-sm bg-ink" />
                  {t('dashboard.registrations.artists')}
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-semibold">
                  <span aria-hidden="true" className="mr-1.5 inline-block size-2.5 rounded-sm bg-ink-muted" />
                  {t('dashboard.registrations.studios')}
                </th>
                <th scope="col" className="w-1/2 py-1">
                  <span className="sr-only">{t('dashboard.registrations.bar')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((day) => (
                <tr key={day.date} className="border-t border-line">
                  <th scope="row" className="py-2 pr-3 text-left font-normal whitespace-nowrap">
                    {weekday.format(new Date(`${day.date}T00:00:00Z`))}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{day.artist}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{day.studio}</td>
                  <td className="py-2" aria-hidden="true">
                    <div className="flex h-3 overflow-hidden rounded bg-sunken">
                      <div className="bg-ink" style={{ width: `${(day.artist / most) * 100}%` }} />
                      <div className="bg-ink-muted" style={{ width: `${(day.studio / most) * 100}%` }} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
