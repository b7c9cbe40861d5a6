import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useTranslation } from '../../../i18n/react';
import type { Language } from '../../../../common/languages';
import { Alert } from '../../../ui/alert';
import { Spinner } from '../../../ui/spinner';

// PayPal names its locales language_COUNTRY; these are the markets the interface languages serve.
const PAYPAL_LOCALES: Record<Language, string> = { en: 'en_US', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', pt: 'pt_PT' };

export interface PaypalButtonsProps {
  clientId: string;
  lang: Language;
  /** The provider's id of the order we created: PayPal's buttons open that order. */
  providerOrderId: string;
  onApprove: () => Promise<void>;
  onCancel: () => void;
  onError: () => void;
}

function Buttons({ providerOrderId, onApprove, onCancel, onError }: Omit<PaypalButtonsProps, 'clientId' | 'lang'>) {
  const { t } = useTranslation('payments');
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <Alert tone="error">{t('premium.flow.paypalFailed')}</Alert>;
  return (
    <>
      {isPending && <Spinner label={t('premium.flow.paypalLoading')} />}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
        // The order exists already (created before the buttons were shown); hand PayPal its id.
        createOrder={() => Promise.resolve(providerOrderId)}
        onApprove={() => onApprove()}
        onCancel={() => onCancel()}
        onError={() => onError()}
      />
    </>
  );
}

/**
 * PayPal's script and buttons. This module is loaded only when PayPal is the provider and a
 * purchase has begun, so nobody else downloads PayPal's code.
 */
export default function PaypalCheckout({ clientId, lang, ...buttons }: PaypalButtonsProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'EUR', intent: 'capture', locale: PAYPAL_LOCALES[lang] }}>
      <Buttons {...buttons} />
    </PayPalScriptProvider>
  );
}
