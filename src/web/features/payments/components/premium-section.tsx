import { Check, ImageOff, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDate, formatMoney } from '../../../../common/format';
import { featuredProductFor, PROMOTION_PRODUCTS, type Product, type ProductType, type ProductsAnswer } from '../../../../common/schemas/payments';
import { FEATURED_DAYS } from '../../../../common/constants';
import type { SessionUser } from '../../../../common/schemas/session';
import { profilePath } from '../../../../common/username';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CardHeading } from '../../../ui/card-heading';
import { RetryAlert } from '../../../ui/retry-alert';
import { StatusSkeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { usePaypalConfig } from '../api/get-paypal-config';
import { useProducts } from '../api/get-products';
import { PRODUCT_NAME_NAMESPACES, productName } from './product-name';
import { successKey, useCheckout, type CheckoutFlow } from './use-checkout';

// PayPal's SDK wrapper is downloaded only when its buttons are about to be shown.
const PaypalCheckout = lazy(() => import('./paypal-buttons'));

/** Whether the account is featured now: its end lies ahead. */
export function isFeatured(user: Pick<SessionUser, 'featuredUntil'>, now = Date.now()): boolean {
  return !!user.featuredUntil && new Date(user.featuredUntil).getTime() > now;
}

const inFlight = (flow: CheckoutFlow, productType: ProductType) => flow.step !== 'idle' && flow.productType === productType;

/**
 * The dashboard's premium features: the own account type's featured package with its price, or
 * how long it is still active; the promotion add-ons with the credits; and the purchase flow.
 * `hasPicture` is whether the profile shows a picture (an avatar or a portfolio image; the
 * featured lists skip profiles without one), undefined while the profile loads: then the
 * session's avatar decides.
 */
export function PremiumSection({ hasPicture }: { hasPicture: boolean | undefined }) {
  const { t } = useTranslation(PRODUCT_NAME_NAMESPACES);
  const { user } = useSession();
  const products = useProducts();
  if (!user) return null;
  return (
    <section aria-labelledby="premium-title" id="premium" className="scroll-mt-20">
      <Card className="space-y-5 p-5">
        <CardHeading id="premium-title" title={t('premium.title')} intro={t('premium.intro')} />
        {products.isPending ? (
          <StatusSkeleton label={t('premium.loading')} className="grid gap-4 md:grid-cols-2" lines={['h-56', 'h-56']} />
        ) : products.isError ? (
          <RetryAlert retryLabel={t('premium.retry')} onRetry={() => void products.refetch()} size="sm">
            {t('premium.loadFailed')}
          </RetryAlert>
        ) : (
          <Offers user={user} catalogue={products.data} hasPicture={hasPicture ?? Boolean(user.avatar)} />
        )}
      </Card>
    </section>
  );
}

function Offers({ user, catalogue, hasPicture }: { user: SessionUser; catalogue: ProductsAnswer; hasPicture: boolean }) {
  const { t } = useTranslation(PRODUCT_NAME_NAMESPACES);
  const lang = useLanguage();
  const checkout = useCheckout();
  const { flow } = checkout;
  // Without a picture the featured place would not show: the buyer reads that, with a way to
  // add one, before any order exists.
  const [warned, setWarned] = useState(false);
  const addPicturePath = `/${profilePath(user.username)}?edit=true`;
  const byType = new Map(catalogue.products.map((p) => [p.productType, p]));
  const featured = byType.get(featuredProductFor(user.userType));
  const canBuy = (product: Product | undefined): product is Product =>
    !!product && catalogue.available && product.purchasable !== false && !checkout.busy;
  const active = isFeatured(user);

  return (
    <>
      {!catalogue.available && <Alert tone="info">{t('premium.unavailable')}</Alert>}
      {catalogue.available && catalogue.provider === 'test' && <p className="text-sm text-ink-muted">{t('premium.testMode')}</p>}
      <FlowStatus flow={flow} onDismiss={checkout.reset} />
      {flow.step === 'paying' && (
        <PaypalArea
          flow={flow}
          price={formatMoney(byType.get(flow.productType)?.amountCents, lang)}
          onApprove={checkout.approve}
          onCancel={checkout.cancel}
          onError={checkout.providerError}
        />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col rounded border border-line p-4">
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <Sparkles aria-hidden="true" className="size-5 text-accent" />
            {featured ? productName(t, featured.productType) : t('premium.featured.title')}
          </h3>
          {featured && <p className="mt-1 text-2xl font-extrabold">{formatMoney(featured.amountCents, lang)}</p>}
          <ul className="mt-3 space-y-1.5 text-sm">
            {[t('premium.featured.days', { days: FEATURED_DAYS }), t('premium.featured.post'), t('premium.featured.story')].map((line) => (
              <li key={line} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {line}
              </li>
            ))}
          </ul>
          <div className="mt-auto pt-4">
            {active ? (
              <div className="space-y-1">
                <p>
                  <Badge tone="featured">{t('premium.featured.activeUntil', { date: formatDate(user.featuredUntil, lang) })}</Badge>
                </p>
                {!hasPicture && <NoPictureNote text={t('premium.featured.notShowing')} linkLabel={t('premium.featured.addPicture')} to={addPicturePath} />}
                <p className="text-sm text-ink-muted">{t('premium.featured.activeNote')}</p>
              </div>
            ) : warned && featured ? (
              <NoPictureNote text={t('premium.featured.noPicture')} linkLabel={t('premium.featured.addPicture')} to={addPicturePath}>
                <Button
                  size="sm"
                  disabled={!canBuy(featured)}
                  loading={inFlight(flow, featured.productType) && (flow.step === 'creating' || flow.step === 'redirecting')}
                  onClick={() => void checkout.buy(featured.productType)}
                >
                  {t('premium.featured.buyAnyway', { price: formatMoney(featured.amountCents, lang) })}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setWarned(false)}>
                  {t('premium.featured.notNow')}
                </Button>
              </NoPictureNote>
            ) : (
              featured && (
                <Button
                  variant="primary"
                  className="w-full sm:w-auto"
                  disabled={!canBuy(featured)}
                  loading={inFlight(flow, featured.productType) && (flow.step === 'creating' || flow.step === 'redirecting')}
                  onClick={() => (hasPicture ? void checkout.buy(featured.productType) : setWarned(true))}
                >
                  {t('premium.featured.buy', { price: formatMoney(featured.amountCents, lang) })}
                </Button>
              )
            )}
          </div>
        </div>
        <div className="rounded border border-line p-4">
          <h3 className="text-lg font-bold">{t('premium.addOns.title')}</h3>
          <p className="mt-1 text-sm text-ink-muted">{t('premium.addOns.intro')}</p>
          <ul className="mt-3 divide-y divide-line">
            {PROMOTION_PRODUCTS.map((type) => {
              const product = byType.get(type);
              if (!product) return null;
              const name = productName(t, type);
              const price = formatMoney(product.amountCents, lang);
              return (
                <li key={type} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                  <div>
                    <p className="font-semibold">
                      {name} <span className="font-normal">· {price}</span>
                    </p>
                    {catalogue.credits && <p className="text-sm text-ink-muted">{t('premium.addOns.credits', { count: catalogue.credits[type] ?? 0 })}</p>}
                  </div>
                  <Button
                    size="sm"
                    aria-label={t('premium.addOns.buyLabel', { product: name, price })}
                    disabled={!canBuy(product)}
                    loading={inFlight(flow, type) && (flow.step === 'creating' || flow.step === 'redirecting')}
                    onClick={() => void checkout.buy(type)}
                  >
                    {t('premium.addOns.buy')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </>
  );
}

/** Why a featured place without a picture does not show, with the way to add one (and, before buying, the choices). */
function NoPictureNote({ text, linkLabel, to, children }: { text: string; linkLabel: string; to: string; children?: ReactNode }) {
  return (
    <div role="alert" className="space-y-3 rounded border border-line-strong bg-sunken p-3 text-sm">
      <p className="flex gap-2">
        <ImageOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        <LocalizedLink to={to} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          {linkLabel}
        </LocalizedLink>
        {children}
      </div>
    </div>
  );
}

/** What the flow is doing or how it ended, announced as it changes. */
function FlowStatus({ flow, onDismiss }: { flow: CheckoutFlow; onDismiss: () => void }) {
  const { t } = useTranslation('payments');
  const dismiss = (
    <Button size="sm" variant="ghost" onClick={onDismiss}>
      {t('premium.flow.dismiss')}
    </Button>
  );
  switch (flow.step) {
    case 'creating':
    case 'redirecting':
    case 'capturing':
      return (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner />
          {t(`premium.flow.${flow.step}`)}
        </p>
      );
    case 'done':
      return flow.status === 'completed' ? (
        <Alert tone="success" action={dismiss}>
          {t(successKey(flow.productType))}
        </Alert>
      ) : (
        <Alert tone="info" action={dismiss}>
          {t('premium.flow.processing')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert tone="error" action={dismiss}>
          {flow.message}
        </Alert>
      );
    default:
      return null;
  }
}

/** PayPal's buttons for the order just created, with a way out that forgets it. */
function PaypalArea({
  flow,
  price,
  onApprove,
  onCancel,
  onError,
}: {
  flow: Extract<CheckoutFlow, { step: 'paying' }>;
  price: string;
  onApprove: (orderId: string, productType: ProductType) => Promise<void>;
  onCancel: () => void;
  onError: () => void;
}) {
  const { t } = useTranslation(PRODUCT_NAME_NAMESPACES);
  const lang = useLanguage();
  const config = usePaypalConfig(true);
  const { orderId, productType, providerOrderId } = flow;
  return (
    <div className="space-y-3 rounded border border-line-strong p-4">
      <h3 className="font-bold">{t('premium.flow.payWith', { product: productName(t, productType), price })}</h3>
      {config.isPending ? (
        <Spinner label={t('premium.flow.paypalLoading')} />
      ) : config.isError || !config.data.clientId ? (
        <Alert tone="error">{t('premium.flow.paypalFailed')}</Alert>
      ) : (
        <div className="max-w-sm">
          <Suspense fallback={<Spinner label={t('premium.flow.paypalLoading')} />}>
            <PaypalCheckout
              clientId={config.data.clientId}
              lang={lang}
              providerOrderId={providerOrderId}
              onApprove={() => onApprove(orderId, productType)}
              onCancel={onCancel}
              onError={onError}
            />
          </Suspense>
        </div>
      )}
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {t('premium.flow.cancel')}
      </Button>
    </div>
  );
}
