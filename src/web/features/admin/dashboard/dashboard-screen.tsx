import { useTranslation } from '../../../i18n/react';
import { PageHeader } from '../../../ui/page-header';
import { AuditLog } from './audit-log';
import { Registrations } from './registrations';
import { SummaryCards } from './summary-cards';

/** /admin: the work waiting in each area, the week's sign-ups and what the admins did. */
export default function DashboardScreen() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-6xl space-y-10">
      <PageHeader title={t('dashboard.title')} intro={t('dashboard.intro')} />
      <SummaryCards />
      <Registrations />
      <AuditLog />
    </div>
  );
}
