import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/** payment=success|error from the payment flow: shown once, then removed from the address. */
export function PaymentNotice() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const [result] = useState(() => params.get('payment'));
  const [visible, setVisible] = useState(result === 'success' || result === 'error');
  useEffect(() => {
    if (!params.has('payment')) return;
    setParams(
      (p) => {
        p.delete('payment');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);
  if (!visible || (result !== 'success' && result !== 'error')) return null;
  return (
    <Alert
      tone={result === 'success' ? 'success' : 'error'}
      action={
        <Button size="sm" variant="ghost" onClick={() => setVisible(false)}>
          {t('payment.dismiss')}
        </Button>
      }
    >
      {t(`payment.${result}`)}
    </Alert>
  );
}
