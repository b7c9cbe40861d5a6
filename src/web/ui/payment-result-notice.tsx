import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PRODUCT_TYPES, type ProductType } from '../../common/schemas/payments';
import { useSearchParams } from '../routing';
import { Alert } from './alert';
import { Button } from './button';

export type PaymentResult = 'success' | 'error';

const isProductType = (value: string | null): value is ProductType => (PRODUCT_TYPES as readonly string[]).includes(value ?? '');

/**
 * The result a payment provider sent the buyer back with (`?payment=success|error`, with
 * `&product=` naming what was bought), in the texts of the page the purchase began on. Shown
 * once, then both parameters leave the address so a reload or a shared link does not show it
 * again. `success` may depend on the product (null when the address does not name a known one).
 * `onResult` runs once with the result, e.g. to load the session anew after a purchase.
 */
export function PaymentResultNotice({
  success,
  error,
  dismiss,
  onResult,
}: {
  success: ReactNode | ((product: ProductType | null) => ReactNode);
  error: ReactNode;
  /** The label of the button that hides the notice. */
  dismiss: string;
  onResult?: (result: PaymentResult) => void;
}) {
  const [params, setParams] = useSearchParams();
  const [result] = useState<PaymentResult | null>(() => {
    const value = params.get('payment');
    return value === 'success' || value === 'error' ? value : null;
  });
  const [product] = useState<ProductType | null>(() => {
    const value = params.get('product');
    return isProductType(value) ? value : null;
  });
  const [visible, setVisible] = useState(result !== null);
  const reported = useRef(false);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => {
    if (result && !reported.current) {
      reported.current = true;
      onResultRef.current?.(result);
    }
  }, [result]);

  useEffect(() => {
    if (!params.has('payment')) return;
    setParams(
      (p) => {
        p.delete('payment');
        p.delete('product');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);

  if (!visible || !result) return null;
  return (
    <Alert
      tone={result === 'success' ? 'success' : 'error'}
      action={
        <Button size="sm" variant="ghost" onClick={() => setVisible(false)}>
          {dismiss}
        </Button>
      }
    >
      {result === 'success' ? (typeof success === 'function' ? success(product) : success) : error}
    </Alert>
  );
}
