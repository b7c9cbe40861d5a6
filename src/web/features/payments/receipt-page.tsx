import { ArrowLeft, FileDown, Printer } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { useParams } from '../../routing';
import { formatDate, formatMoney } from '../../../common/format';
import { LOCALES, type Language } from '../../../common/languages';
import { buildPath } from '../../../common/routes';
import type { Receipt } from '../../../common/schemas/payments';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Button, buttonClasses } from '../../ui/button';
import { loginGatedPage } from '../../ui/login-gate';
import { useReceipt } from './api/get-receipt';
import { OrderLoadState } from './components/order-load-state';

const RECEIPT_ID = 'payment-receipt';

/**
 * Print rules while this page is open: the site's header, footer and navigation, the skip link
 * and the page's own buttons stay off the paper, and the receipt prints black on white whatever
 * the theme.
 */
const PRINT_CSS = `@media print {
  html, body { background: #fff !important; color: #000 !important; }
  header:not(#${RECEIPT_ID} *), footer:not(#${RECEIPT_ID} *), nav:not(#${RECEIPT_ID} *), [data-print-hide] { display: none !important; }
  #${RECEIPT_ID} { border: 0 !important; box-shadow: none !important; max-width: none !important; margin: 0 !important; padding: 0 !important; background: #fff !important; }
  #${RECEIPT_ID} *:not([data-watermark]) { color: #000 !important; background: transparent !important; }
  #${RECEIPT_ID} [data-watermark] { color: rgb(0 0 0 / 0.14) !important; }
  @page { margin: 18mm; }
}`;

/** /dashboard/payments/:id/receipt: the receipt of one completed order as a printable invoice. */
export default loginGatedPage(ReceiptScreen, 'payments');

function ReceiptScreen() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  if (receipt.isPending || receipt.isError) {
    return (
      <OrderLoadState query={receipt} page="receipt" className="mx-auto max-w-3xl space-y-4 px-4 py-12" lines={['h-10 w-1/2', 'h-4 w-full', 'h-64 w-full']}>
        <BackLink />
      </OrderLoadState>
    );
  }
  return <ReceiptView receipt={receipt.data} />;
}

function BackLink() {
  const { t } = useTranslation('payments');
  return (
    <LocalizedLink to={buildPath('dashboard')} className={buttonClasses({ variant: 'ghost' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('receipt.back')}
    </LocalizedLink>
  );
}

/** A VAT rate in the language's way of writing percent (19 %, 19%). */
function percent(rate: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
}

/**
 * The invoice itself, in the texts the PDF uses (the shared receipts namespace), so paper and
 * PDF say the same.
 */
function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('payments');
  const { t: r } = useTranslation('receipts');
  const lang = useLanguage();
  const money = (cents: number) => formatMoney(cents, lang);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <style>{PRINT_CSS}</style>
      <div data-print-hide className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <div className="flex flex-wrap gap-2">
          <a href={`/api/payments/${encodeURIComponent(receipt.id)}/receipt.pdf`} download className={buttonClasses()}>
            <FileDown aria-hidden="true" className="size-4" />
            {t('receipt.pdf')}
          </a>
          <Button variant="primary" icon={<Printer aria-hidden="true" className="size-4" />} onClick={() => window.print()}>
            {t('receipt.print')}
          </Button>
        </div>
      </div>
      <article id={RECEIPT_ID} aria-labelledby="receipt-title" className="relative overflow-hidden rounded border border-line bg-surface p-6 sm:p-10">
        {receipt.test && (
          // Drawn from a pseudo-element across the page, so it is neither read out nor taken for
          // text; the same words stand once more under the title.
          <div
            aria-hidden="true"
            data-watermark={r('receipt.test')}
            className="pointer-events-none absolute inset-0 flex items-center justify-center text-[2.5rem] leading-tight font-extrabold tracking-widest text-danger/20 uppercase select-none before:content-[attr(data-watermark)] sm:text-[4rem] [&::before]:max-w-[80%] [&::before]:rotate-[-24deg] [&::before]:text-center"
          />
        )}
        <div className="relative space-y-8">
          <div className="flex flex-col gap-6 sm:flex-row sm:justify-between">
            <div>
              <h1 id="receipt-title" className="text-3xl font-extrabold tracking-tight">
                {r('receipt.title')}
              </h1>
              <p className="mt-1 text-sm text-ink-muted">{r('receipt.kind')}</p>
              {receipt.test && (
                <div className="mt-3 space-y-1">
                  <p className="font-bold text-danger">{r('receipt.test')}</p>
                  <p className="max-w-prose text-sm">{r('receipt.testNote')}</p>
                </div>
              )}
            </div>
            <dl className="grid h-fit grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-right">
              <dt className="whitespace-nowrap text-ink-muted">{r('receipt.number')}</dt>
              <dd className="font-semibold whitespace-nowrap">{receipt.number}</dd>
              <dt className="whitespace-nowrap text-ink-muted">{r('receipt.date')}</dt>
              <dd>
                <time dateTime={receipt.issuedAt}>{formatDate(receipt.issuedAt, lang)}</time>
              </dd>
            </dl>
          </div>

          <div className="grid gap-6 sm:grid-cols-2">
            <div>
              <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{r('receipt.seller')}</h2>
              <p className="mt-1 font-semibold">{receipt.seller.name}</p>
              <p className="whitespace-pre-line">{receipt.seller.address}</p>
              {receipt.seller.vatId && (
                <p>
                  {r('receipt.vatId')}: {receipt.seller.vatId}
                </p>
              )}
            </div>
            <div>
              <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{r('receipt.buyer')}</h2>
              <p className="mt-1 font-semibold break-words">{receipt.buyer.name}</p>
              <p className="break-words">{receipt.buyer.email}</p>
            </div>
          </div>

          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-line-strong text-sm text-ink-muted">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {r('receipt.product')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  {r('receipt.quantity')}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {r('receipt.gross')}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-line">
                <td className="py-3 pr-4">{receipt.description}</td>
                <td className="py-3 pr-4 text-right">1</td>
                <td className="py-3 text-right">{money(receipt.amountCents)}</td>
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="pt-3 pr-4 text-right">
                  {r('receipt.gross')}
                </th>
                <td className="pt-3 text-right text-xl font-extrabold">{money(receipt.amountCents)}</td>
              </tr>
              <tr className="text-sm text-ink-muted">
                <td colSpan={3} className="pt-1 text-right">
                  {r('receipt.vatContained', { rate: percent(receipt.vatRate, lang), amount: money(receipt.vatCents) })}
                </td>
              </tr>
            </tfoot>
          </table>

          <div>
            <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{r('receipt.payment')}</h2>
            <dl className="mt-1 grid gap-x-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1">
              <dt className="text-ink-muted">{r('receipt.provider')}</dt>
              <dd className="mb-2 sm:mb-0">{r(`receipt.providers.${receipt.provider}`)}</dd>
              <dt className="text-ink-muted">{r('receipt.providerOrderId')}</dt>
              <dd className="font-mono break-all">{receipt.providerOrderId}</dd>
            </dl>
          </div>
          <p>{r('receipt.thanks')}</p>
        </div>
      </article>
    </div>
  );
}
