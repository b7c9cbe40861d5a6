import { Check, ExternalLink, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { LOCALES } from '../../../../common/languages';
import { profilePathTo } from '../../../../common/routes';
import { VERIFICATION_STATUSES, type AdminVerification, type VerificationStatus } from '../../../../common/schemas/trust';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useTranslation } from '../../../i18n/react';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Select } from '../../../ui/field';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { SkeletonLines } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { ConfirmAction } from '../ui/confirm-action';
import { documentUrl, useApproveVerification, useRejectVerification, useVerifications } from './verification-api';

const NAMESPACES = ['trust', 'admin'] as const;
const TONE: Record<VerificationStatus, BadgeTone> = { pending: 'featured', approved: 'success', rejected: 'danger' };

/** The verification queue: studios' documents waiting for a decision, and those decided. */
export default function VerificationScreen() {
  const { t } = useTranslation(NAMESPACES);
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const list = useVerifications(status);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('trust:admin.title')}</h1>
        <p className="text-ink-muted">{t('trust:admin.intro')}</p>
      </header>
      <div className="max-w-xs">
        <Select
          label={t('trust:admin.statusLabel')}
          value={status}
          onChange={(e) => setStatus(e.target.value as VerificationStatus)}
          options={VERIFICATION_STATUSES.map((s) => ({ value: s, label: t(`trust:admin.status.${s}`) }))}
        />
      </div>
      {list.isError ? (
        <QueryErrorAlert query={list} retryLabel={t('trust:retry')} fallback={t('trust:admin.failed')} />
      ) : !list.data ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('trust:loading')}</span>
          <SkeletonLines lines={['h-20 w-full', 'h-20 w-full', 'h-20 w-full']} />
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState icon={<ShieldCheck aria-hidden="true" className="size-8" />} title={t(`trust:admin.empty.${status}`)} />
      ) : (
        <ul className="space-y-3">
          {list.data.map((v) => (
            <li key={v.id}>
              <VerificationRow verification={v} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VerificationRow({ verification: v }: { verification: AdminVerification }) {
  const { t } = useTranslation(NAMESPACES);
  const lang = useLanguage();
  const approve = useApproveVerification();
  const reject = useRejectVerification();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const when = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <LocalizedLink to={profilePathTo(v.studio.username)} className="font-semibold break-words">
            {v.studio.name}
          </LocalizedLink>
          <Badge tone={TONE[v.status]}>{t(`trust:admin.status.${v.status}`)}</Badge>
        </p>
        <p className="text-sm text-ink-muted">{t('trust:admin.sent', { date: when.format(new Date(v.createdAt)) })}</p>
        {v.reason && <p className="text-sm break-words">{t('trust:admin.reason', { reason: v.reason })}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={documentUrl(v.id)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('trust:admin.open')}
        </a>
        {v.status === 'pending' && (
          <>
            <Button size="sm" variant="primary" onClick={() => setOpen('approve')} icon={<Check aria-hidden="true" className="size-4" />}>
              {t('trust:admin.approve')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen('reject')} icon={<X aria-hidden="true" className="size-4" />}>
              {t('trust:admin.reject')}
            </Button>
          </>
        )}
      </div>
      <ConfirmAction
        open={open === 'approve'}
        onClose={() => setOpen(null)}
        title={t('trust:admin.approveTitle', { name: v.studio.name })}
        consequence={t('trust:admin.approveConsequence')}
        confirmLabel={t('trust:admin.approve')}
        onConfirm={() => approve.mutateAsync({ id: v.id }).then(() => toast.success(t('trust:admin.approved')))}
      />
      <ConfirmAction
        open={open === 'reject'}
        onClose={() => setOpen(null)}
        title={t('trust:admin.rejectTitle', { name: v.studio.name })}
        consequence={t('trust:admin.rejectConsequence')}
        confirmLabel={t('trust:admin.reject')}
        reason={{ required: true, label: t('trust:admin.rejectReason') }}
        onConfirm={({ reason }) => reject.mutateAsync({ id: v.id, reason }).then(() => toast.success(t('trust:admin.rejected')))}
      />
    </Card>
  );
}
