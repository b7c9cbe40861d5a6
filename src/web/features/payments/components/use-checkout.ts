import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation, useNavigate } from '../../../routing';
import type { ProductType } from '../../../../common/schemas/payments';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useCaptureOrder } from '../api/capture-order';
import { useCreateOrder } from '../api/create-order';
import { PURCHASE_DEPENDENT_KEYS } from '../api/keys';

/** Where a purchase stands: idle, creating the order, then the provider's page or PayPal's buttons, then the capture's outcome. */
export type CheckoutFlow =
  | { step: 'idle' }
  | { step: 'creating'; productType: ProductType }
  | { step: 'redirecting'; productType: ProductType }
  | { step: 'paying'; productType: ProductType; orderId: string; providerOrderId: string }
  | { step: 'capturing'; productType: ProductType; orderId: string }
  | { step: 'done'; productType: ProductType; status: 'completed' | 'pending' }
  | { step: 'failed'; productType: ProductType; message: string };

/** The server's text of a failed payment call, else ours: a lost connection has no text of the server's. */
function serverText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const body = error.body as { message?: unknown; error?: unknown } | null;
  const text = body?.message ?? body?.error;
  return typeof text === 'string' && text.trim() ? text : fallback;
}

/** Whether a path is this site's own: those are followed inside the app, anything else loads anew. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * The purchase flow of one page. `buy` creates our order (with this page as the place to come
 * back to); the test provider answers with its page, PayPal with its order id for the buttons.
 * `approve` captures with our order id; success refreshes the session (featured status) and
 * the cached catalogue and history. Cancel or an error hides the buttons and forgets the order.
 */
export function useCheckout() {
  const { t } = useTranslation('payments');
  const [flow, setFlow] = useState<CheckoutFlow>({ step: 'idle' });
  const create = useCreateOrder();
  const capture = useCaptureOrder();
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const refreshAfterPurchase = useCallback(async () => {
    await Promise.all(PURCHASE_DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
  }, [client]);

  const buy = useCallback(
    async (productType: ProductType) => {
      setFlow({ step: 'creating', productType });
      try {
        const answer = await create.mutateAsync({ productType, returnPath: location.pathname });
        if (answer.success && answer.orderId && answer.approveUrl) {
          setFlow({ step: 'redirecting', productType });
          if (isOwnPath(answer.approveUrl)) navigate(answer.approveUrl);
          else window.location.assign(answer.approveUrl);
          return;
        }
        if (answer.success && answer.orderId && answer.providerOrderId) {
          setFlow({ step: 'paying', productType, orderId: answer.orderId, providerOrderId: answer.providerOrderId });
          return;
        }
        setFlow({ step: 'failed', productType, message: answer.message || t('premium.flow.createFailed') });
      } catch (error) {
        setFlow({ step: 'failed', productType, message: serverText(error, t('premium.flow.createFailed')) });
      }
    },
    [create, location.pathname, navigate, t],
  );

  // Takes the order from its caller: PayPal's buttons keep the callback they were rendered with.
  const approve = useCallback(async (orderId: string, productType: ProductType) => {
    setFlow({ step: 'capturing', productType, orderId });
    try {
      const answer = await capture.mutateAsync({ orderId, productType });
      if (answer.success && (answer.status === 'completed' || answer.status === 'pending')) {
        setFlow({ step: 'done', productType, status: answer.status });
        if (answer.status === 'completed') await session.refresh();
      } else {
        setFlow({ step: 'failed', productType, message: answer.message || t('premium.flow.captureFailed') });
      }
    } catch (error) {
      setFlow({ step: 'failed', productType, message: serverText(error, t('premium.flow.captureFailed')) });
    } finally {
      await refreshAfterPurchase();
    }
  }, [capture, refreshAfterPurchase, session, t]);

  const cancel = useCallback(() => setFlow({ step: 'idle' }), []);

  const providerError = useCallback(() => {
    setFlow((current) => (current.step === 'idle' ? current : { step: 'failed', productType: current.productType, message: t('premium.flow.providerError') }));
  }, [t]);

  const busy = flow.step === 'creating' || flow.step === 'redirecting' || flow.step === 'paying' || flow.step === 'capturing';
  return { flow, busy, buy, approve, cancel, providerError, reset: cancel };
}

/** The success text of a finished purchase, naming what was bought (featured status, or which promotion). */
export function successKey(productType: ProductType): string {
  return `premium.flow.success.${productType}`;
}
