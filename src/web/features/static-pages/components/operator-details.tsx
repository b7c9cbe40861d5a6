import { useTranslation } from '../../../i18n/react';
import type { SiteOperator } from '../../../../common/schemas/site';
import { Alert } from '../../../ui/alert';
import { BusyLines } from '../../../ui/skeleton';
import { useSite } from '../api/get-site';

const LINK = 'font-semibold underline underline-offset-4';

/** The notice on every page that shows the demo data's invented operator. */
export function ExampleOperatorNotice() {
  const { t } = useTranslation('common');
  return (
    <Alert tone="info" title={t('operator.example')}>
      {t('operator.exampleText')}
    </Alert>
  );
}

/** The operator's email and phone lines, each only when the settings give it. */
export function OperatorContact({ operator }: { operator: SiteOperator }) {
  const { t } = useTranslation('common');
  return (
    <>
      {operator.email && (
        <p>
          {t('operator.email')}{' '}
          <a href={`mailto:${operator.email}`} className={LINK}>
            {operator.email}
          </a>
        </p>
      )}
      {operator.phone && (
        <p>
          {t('operator.phone')}{' '}
          <a href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`} className={LINK}>
            {operator.phone}
          </a>
        </p>
      )}
    </>
  );
}

/**
 * Who runs the site, exactly as its settings name them: name and address, with `contact` also
 * email and phone. Unpublished details are said to be unpublished, never filled in.
 */
export function OperatorDetails({ contact = false }: { contact?: boolean }) {
  const { t } = useTranslation('common');
  const site = useSite();
  if (site.isPending) {
    return <BusyLines className="space-y-2" lines={['h-5 w-56', 'h-5 w-72']} />;
  }
  if (site.isError) return <p>{t('operator.loadFailed')}</p>;
  const operator = site.data.operator;
  if (!operator) return <p className="font-semibold">{t('operator.unpublished')}</p>;
  return (
    <div className="space-y-3">
      {operator.example && <ExampleOperatorNotice />}
      <address className="not-italic">
        {operator.name}
        {operator.address && (
          <>
            <br />
            {operator.address}
          </>
        )}
      </address>
      {contact && <OperatorContact operator={operator} />}
    </div>
  );
}
