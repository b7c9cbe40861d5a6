import { isPromotionProduct } from '../../../common/schemas/payments';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session';
import { PaymentResultNotice } from '../../ui/payment-result-notice';

/**
 * payment=success|error from the payment flow: shown once, then removed from the address. A
 * success may have changed the featured status, so the session is loaded anew rather than
 * trusted from the browser's copy. A promotion (`&product=`) is named, never announced as a
 * featured status; a featured product or a bare payment=success keeps the spec's text.
 */
export function PaymentNotice() {
  const { t } = useTranslation(['dashboard', 'payments']);
  const { refresh } = useSession();
  return (
    <PaymentResultNotice
      success={(product) => (product && isPromotionProduct(product) ? t(`payments:premium.flow.success.${product}`) : t('payment.success'))}
      error={t('payment.error')}
      dismiss={t('payment.dismiss')}
      onResult={(result) => {
        if (result === 'success') void refresh();
      }}
    />
  );
}
