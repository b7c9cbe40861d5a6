import { BellRing } from 'lucide-react';
import { pathTo } from '../../../common/routes';
import { useTranslation } from '../../i18n/react';
import { LocalizedLink } from '../../i18n/localized-link';
import { ApiError } from '../../lib/api';
import { useParams } from '../../routing';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useConfirmCityAlert } from './api';

/**
 * /alerts/confirm/{token}: the link of the confirmation mail. A button rather than an automatic
 * call, so mail scanners that open links confirm nothing on anyone's behalf.
 */
export default function CityAlertConfirmPage() {
  const { t, i18n } = useTranslation('cityAlerts');
  const { token = '' } = useParams();
  const confirm = useConfirmCityAlert();
  const badLink = confirm.error instanceof ApiError && (confirm.error.status === 404 || confirm.error.status === 400);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <Card className="space-y-4 p-6">
        <BellRing aria-hidden="true" className="size-8 text-ink-muted" />
        <h1 className="text-2xl font-extrabold">{t('confirm.title')}</h1>
        {confirm.isSuccess ? (
          <>
            <Alert tone="success" title={t('confirm.doneTitle')}>
              {t('confirm.done', { name: confirm.data.artist.name, city: confirm.data.city, km: new Intl.NumberFormat(i18n.language).format(confirm.data.radiusKm) })}
            </Alert>
            <LocalizedLink to={pathTo('cityAlertsManage', { token: confirm.data.manageToken })} className="text-sm underline">
              {t('confirm.manage')}
            </LocalizedLink>
          </>
        ) : badLink ? (
          <Alert tone="error" title={t('confirm.badLinkTitle')}>
            {t('confirm.badLink')}
          </Alert>
        ) : (
          <>
            <p>{t('confirm.intro')}</p>
            {confirm.isError && <Alert tone="error">{confirm.error.message || t('confirm.failed')}</Alert>}
            <Button variant="primary" loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {t('confirm.button')}
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
