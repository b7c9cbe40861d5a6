import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session';
import { PaymentResultNotice } from '../../ui/payment-result-notice';

/**
 * payment=success|error from the payment flow: shown once, then removed from the address. A
 * success may have changed the featured status, so the session is loaded anew rather than
 * trusted from the browser's copy.
 */
export function PaymentNotice() {
  const { t } = useTranslation('dashboard');
  const { refresh } = useSession();
  return (
    <PaymentResultNotice
      success={t('payment.success')}
      error={t('payment.error')}
      dismiss={t('payment.dismiss')}
      onResult={(result) => {
        if (result === 'success') void refresh();
      }}
    />
  );
}
