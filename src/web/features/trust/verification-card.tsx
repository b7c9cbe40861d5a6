import { BadgeCheck, FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { VERIFICATION_DOCUMENT_MAX_BYTES, VERIFICATION_DOCUMENT_TYPES } from '../../../common/schemas/trust';
import { formatDate } from '../../../common/format';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { useOwnVerification, useUploadVerification } from './api';

/** The client's first check of a chosen file, so a wrong one is named before it is sent (the server sniffs the bytes again). */
function fileProblem(file: File): 'type' | 'size' | null {
  if (file.size > VERIFICATION_DOCUMENT_MAX_BYTES) return 'size';
  if (file.type && !(VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  return null;
}

/**
 * A studio's way to the "verified studio" badge on the dashboard: the status of its document
 * (none, waiting, approved, rejected with the reason) and the form to send one. The document is
 * private: only the studio and the admins can open it.
 */
export function VerificationCard() {
  const { t } = useTranslation('trust');
  const lang = useLanguage();
  const status = useOwnVerification();
  const send = useUploadVerification();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const found = fileProblem(file);
    setProblem(found);
    if (found) return;
    send.mutate({ file }, { onSuccess: () => { setFile(null); toast.success(t('verification.sent')); } });
  };

  const data = status.data;
  const canSend = data && (data.status === 'none' || data.status === 'rejected');
  return (
    <Card className="space-y-4 p-5" aria-labelledby="verification-heading">
      <CardHeading id="verification-heading" title={t('verification.title')} intro={t('verification.intro')} />
      {status.isError ? (
        <QueryErrorAlert query={status} retryLabel={t('retry')} fallback={t('verification.failed')} />
      ) : !data ? (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <>
          {data.status === 'approved' && (
            <p className="inline-flex items-center gap-1.5 font-semibold text-success">
              <BadgeCheck aria-hidden="true" className="size-5" />
              {t('verification.approved')}
            </p>
          )}
          {data.status === 'pending' && data.createdAt && <Alert tone="info">{t('verification.pending', { date: formatDate(data.createdAt, lang) })}</Alert>}
          {data.status === 'rejected' && <Alert tone="error" title={t('verification.rejected')}>{data.reason}</Alert>}
          {canSend && (
            <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
              <label className="flex flex-col gap-1 text-sm font-semibold">
                {t('verification.file')}
                <input
                  type="file"
                  accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                  className="text-sm font-normal"
                  onChange={(event) => {
                    setFile(event.currentTarget.files?.[0] ?? null);
                    setProblem(null);
                  }}
                />
              </label>
              <Button type="submit" variant="primary" disabled={!file} loading={send.isPending} icon={<FileText aria-hidden="true" className="size-4" />}>
                {t('verification.send')}
              </Button>
            </form>
          )}
          {canSend && <p className="text-sm text-ink-muted">{t('verification.formats')}</p>}
          {problem && <Alert tone="error">{t(problem === 'size' ? 'verification.tooLarge' : 'verification.wrongType')}</Alert>}
          {send.isError && <Alert tone="error">{send.error.message || t('verification.sendFailed')}</Alert>}
        </>
      )}
    </Card>
  );
}
