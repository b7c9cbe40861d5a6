import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useParams } from '../../routing';
import { formatMoney } from '../../../common/format';
import { buildPath } from '../../../common/routes';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { loginGatedPage } from '../../ui/login-gate';
import { useDecideTestOrder, type TestDecision } from './api/decide-test-order';
import { useTestOrder } from './api/get-test-order';
import { OrderLoadState } from './components/order-load-state';
import { PRODUCT_NAME_NAMESPACES, productName } from './components/product-name';

/** /checkout/test/:orderId: the built-in test provider's approval page. */
export default loginGatedPage(CheckoutTest, 'payments');

// Whatever the provider has not yet decided is still open.
const OPEN = 'CREATED';

function CheckoutTest() {
  const { t } = useTranslation(PRODUCT_NAME_NAMESPACES);
  const lang = useLanguage();
  const { orderId = '' } = useParams();
  const order = useTestOrder(orderId);
  const decide = useDecideTestOrder(orderId);
  const session = useSession();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<TestDecision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (order.isPending || order.isError) {
    return <OrderLoadState query={order} page="checkout" className="mx-auto max-w-xl space-y-4 px-4 py-12" lines={['h-10 w-3/4', 'h-4 w-full', 'h-40 w-full']} />;
  }

  const { productType, amountCents, buyer, status } = order.data;

  async function choose(action: TestDecision) {
    setChosen(action);
    setFailure(null);
    try {
      const answer = await decide.mutateAsync(action);
      // An approved order may have made the buyer featured: the next page shows the fresh session.
      if (action === 'approve') await session.refresh();
      navigate(answer.redirectTo);
    } catch (error) {
      setChosen(null);
      setFailure(error instanceof ApiError ? error.message : t('checkout.loadFailed'));
      void order.refetch();
    }
  }

  return (
    <section aria-labelledby="checkout-title" className="mx-auto max-w-xl space-y-6 px-4 py-10 sm:py-14">
      <div className="space-y-2">
        <p className="flex items-start gap-2 text-sm font-semibold text-ink-muted">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('premium.testMode')}
        </p>
        <h1 id="checkout-title" className="text-3xl font-extrabold tracking-tight">
          {t('checkout.title')}
        </h1>
        <p className="text-ink-muted">{t('checkout.intro')}</p>
      </div>
      <Card className="p-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          <dt className="text-ink-muted">{t('checkout.product')}</dt>
          <dd className="font-semibold">{productName(t, productType)}</dd>
          <dt className="text-ink-muted">{t('checkout.amount')}</dt>
          <dd className="text-xl font-extrabold">{formatMoney(amountCents, lang)}</dd>
          <dt className="text-ink-muted">{t('checkout.buyer')}</dt>
          <dd className="break-words">{buyer.name || buyer.username}</dd>
        </dl>
      </Card>
      {failure && <Alert tone="error">{failure}</Alert>}
      {status === OPEN ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="primary" loading={chosen === 'approve'} disabled={chosen !== null} onClick={() => void choose('approve')}>
            {t('checkout.approve')}
          </Button>
          <Button loading={chosen === 'decline'} disabled={chosen !== null} onClick={() => void choose('decline')}>
            {t('checkout.decline')}
          </Button>
          <Button variant="ghost" loading={chosen === 'cancel'} disabled={chosen !== null} onClick={() => void choose('cancel')}>
            {t('checkout.cancel')}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {!failure && <Alert tone="info">{t('checkout.decided')}</Alert>}
          <LocalizedLink to={buildPath('dashboard')} className={buttonClasses()}>
            {t('checkout.back')}
          </LocalizedLink>
        </div>
      )}
    </section>
  );
}
