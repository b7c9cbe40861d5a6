import { FileDown, Printer } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { formatDate, formatMoney } from '../../../../common/format';
import type { CaptureStatus, PaymentHistoryItem } from '../../../../common/schemas/payments';
import { buildPath } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../ui/alert';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CardHeading } from '../../../ui/card-heading';
import { RetryAlert } from '../../../ui/retry-alert';
import { LoadingShape, Skeleton } from '../../../ui/skeleton';
import { usePaymentHistory } from '../api/get-history';

const STATUS_TONES: Record<CaptureStatus, BadgeTone> = { completed: 'success', pending: 'neutral', failed: 'danger' };

/** The server's reason for a failed load; without one (no answer, a bare status) our try-again text. */
function loadFailure(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const body = error.body as { message?: unknown; error?: unknown } | null;
  const text = body?.message ?? body?.error;
  return typeof text === 'string' && text.trim() ? text : fallback;
}

/** The own payments, newest first, with their status, the test mark and the receipt links; 20 at a time. */
export function PaymentHistory() {
  const { t } = useTranslation('payments');
  const history = usePaymentHistory();
  const payments = history.data?.pages.flatMap((page) => page.payments) ?? [];
  return (
    <section aria-labelledby="payment-history-title">
      <Card className="space-y-4 p-5">
        <CardHeading id="payment-history-title" title={t('history.title')} />
        {history.isPending ? (
          <LoadingShape label={t('history.loading')} className="space-y-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </LoadingShape>
        ) : history.isError && payments.length === 0 ? (
          <RetryAlert retryLabel={t('history.retry')} onRetry={() => void history.refetch()} size="sm">
            {loadFailure(history.error, t('history.loadFailed'))}
          </RetryAlert>
        ) : payments.length === 0 ? (
          <Alert tone="info">{t('history.empty')}</Alert>
        ) : (
          <>
            <ul aria-labelledby="payment-history-title" className="divide-y divide-line">
              {payments.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </ul>
            {history.isFetchNextPageError && <Alert tone="error">{loadFailure(history.error, t('history.loadFailed'))}</Alert>}
            {history.hasNextPage && (
              <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {t('history.loadMore')}
              </Button>
            )}
          </>
        )}
      </Card>
    </section>
  );
}

function PaymentRow({ payment }: { payment: PaymentHistoryItem }) {
  const { t } = useTranslation('payments');
  const lang = useLanguage();
  const date = formatDate(payment.createdAt, lang);
  const names = { description: payment.description, date };
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[7rem_1fr_auto] sm:items-center sm:gap-4">
      <p className="text-sm text-ink-muted">
        <span className="sr-only">{t('history.date')}: </span>
        <time dateTime={payment.createdAt}>{date}</time>
      </p>
      <div className="min-w-0">
        <p className="font-semibold break-words">{payment.description}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <span>
            <span className="sr-only">{t('history.amount')}: </span>
            {formatMoney(payment.amountCents, lang)}
          </span>
          <Badge tone={STATUS_TONES[payment.status]}>{t(`history.status.${payment.status}`)}</Badge>
          {payment.test && (
            <Badge>
              <span aria-hidden="true">{t('history.test')}</span>
              <span className="sr-only">{t('history.testNote')}</span>
            </Badge>
          )}
        </p>
      </div>
      {payment.status === 'completed' && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          {payment.receiptUrl && (
            <a href={payment.receiptUrl} download aria-label={t('history.pdfLabel', names)} className="inline-flex items-center gap-1 text-ink underline-offset-4 hover:underline">
              <FileDown aria-hidden="true" className="size-4" />
              {t('history.pdf')}
            </a>
          )}
          <LocalizedLink
            to={buildPath('paymentReceipt', { id: payment.id })}
            aria-label={t('history.printLabel', names)}
            className="inline-flex items-center gap-1 text-ink underline-offset-4 hover:underline"
          >
            <Printer aria-hidden="true" className="size-4" />
            {t('history.print')}
          </LocalizedLink>
        </p>
      )}
    </li>
  );
}
