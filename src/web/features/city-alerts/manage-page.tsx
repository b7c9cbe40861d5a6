import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { profilePath } from '../../../common/username';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useParams } from '../../routing';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { useCityAlerts, useDeleteCityAlerts } from './api';

/**
 * /alerts/{token}: every city alert of the address the link was mailed to, each with delete, and
 * "delete everything". The token is the only authority; no account is needed.
 */
export default function CityAlertsManagePage() {
  const { t, i18n } = useTranslation('cityAlerts');
  const { token = '' } = useParams();
  const alerts = useCityAlerts(token);
  const remove = useDeleteCityAlerts(token);
  const [confirmAll, setConfirmAll] = useState(false);
  const gone = alerts.error instanceof ApiError && alerts.error.status === 404;
  const list = alerts.data?.alerts ?? [];
  const km = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="mb-2 text-2xl font-extrabold">{t('manage.title')}</h1>
      <p className="mb-6 text-ink-muted">{t('manage.intro')}</p>
      {alerts.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : gone || (alerts.isSuccess && list.length === 0) ? (
        <Alert tone="info" title={t('manage.noneTitle')}>
          {t('manage.none')}
        </Alert>
      ) : alerts.isError ? (
        <Alert tone="error" action={<Button onClick={() => void alerts.refetch()}>{t('manage.retry')}</Button>}>
          {alerts.error.message || t('manage.failed')}
        </Alert>
      ) : (
        <>
          <ul className="space-y-3" aria-label={t('manage.listLabel')}>
            {list.map((alert) => (
              <li key={alert.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-bold">
                      <LocalizedLink to={`/${profilePath(alert.artist.username)}`} className="underline-offset-2 hover:underline">
                        {alert.artist.name}
                      </LocalizedLink>
                    </p>
                    <p className="text-ink-muted">{t('manage.where', { city: alert.city.name, country: alert.city.countryName, km: km(alert.radiusKm) })}</p>
                    {!alert.confirmed && <p className="text-sm text-ink-muted">{t('manage.unconfirmed')}</p>}
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={remove.isPending && remove.variables === alert.id}
                    onClick={() => remove.mutate(alert.id)}
                    aria-label={t('manage.deleteOne', { name: alert.artist.name, city: alert.city.name })}
                  >
                    {t('manage.delete')}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
          {remove.isError && (
            <Alert tone="error" className="mt-4">
              {remove.error.message || t('manage.failed')}
            </Alert>
          )}
          <div className="mt-6 flex justify-end">
            <Button icon={<BellOff aria-hidden="true" className="size-4" />} onClick={() => setConfirmAll(true)}>
              {t('manage.deleteAll')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirmAll}
            onClose={() => setConfirmAll(false)}
            onConfirm={() => remove.mutateAsync(undefined)}
            texts={{
              title: t('manage.deleteAllTitle'),
              text: t('manage.deleteAllText'),
              confirm: t('manage.deleteAll'),
              cancel: t('manage.cancel'),
              close: t('dialog.close'),
              failed: t('manage.failed'),
            }}
          />
        </>
      )}
    </div>
  );
}
