import { useQueryClient } from '@tanstack/react-query';
import { Check, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from '../../routing';
import { formatMoney, truncate } from '../../../common/format';
import type { PlannedPost } from '../../../common/schemas/instagram';
import { PROMOTION_PRODUCTS, type ProductsAnswer, type PromotionProduct } from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { isNotFound } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { NotFound } from '../../ui/not-found';
import { PageHeader } from '../../ui/page-header';
import { PaymentResultNotice, type PaymentResult } from '../../ui/payment-result-notice';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { useCreatePromotionOrder } from './api/create-order';
import { usePost } from './api/get-post';
import { useProducts } from './api/get-products';
import { postKeys } from './api/keys';
import { usePromotePost } from './api/promote-post';
import { BackToPostsLink } from './components/back-to-posts-link';
import { OwnerOnly } from './components/owner-only';
import { PostThumb } from './components/post-thumb';
import { postPaths, postRouteParams } from './paths';
import { formatPlanned } from './post-time';

/** /{username}/posts/upsell/{id}: the three promotions for one planned post, paid with a credit or bought. */
export default function UpsellPage() {
  return <OwnerOnly>{(user) => <UpsellScreen user={user} />}</OwnerOnly>;
}

/** After a purchase that began here, the post and the credits load afresh. */
function useRefreshAfterPayment(postId: number | null) {
  const client = useQueryClient();
  return (result: PaymentResult) => {
    if (result !== 'success' || postId === null) return;
    void client.invalidateQueries({ queryKey: postKeys.one(postId) });
    void client.invalidateQueries({ queryKey: postKeys.products });
  };
}

function UpsellScreen({ user }: { user: SessionUser }) {
  const { t } = useTranslation('posts');
  const { id: rawId = '' } = postRouteParams(useLocation().pathname);
  const id = /^\d+$/.test(rawId) && Number.isSafeInteger(Number(rawId)) ? Number(rawId) : null;
  const post = usePost(id);
  const products = useProducts();
  const refresh = useRefreshAfterPayment(id);
  if (id === null || (post.isError && isNotFound(post.error))) return <NotFound />;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('upsell.title')}
        intro={t('upsell.intro')}
        action={<BackToPostsLink username={user.username} label={t('upsell.back')} />}
      />
      <PaymentResultNotice
        success={t('upsell.payment.success')}
        error={t('upsell.payment.error')}
        dismiss={t('upsell.dismiss')}
        onResult={refresh}
      />
      {post.isPending || products.isPending ? (
        <div role="status" aria-label={t('loading')} className="space-y-4">
          <Skeleton className="h-28 w-full" />
          <div className="grid gap-4 md:grid-cols-3">
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
          </div>
        </div>
      ) : post.isError || products.isError ? (
        <Alert tone="error">{(post.error ?? products.error)?.message || t('upsell.loadFailed')}</Alert>
      ) : (
        <Offers post={post.data} catalogue={products.data} username={user.username} />
      )}
    </div>
  );
}

function PostSummary({ post, username }: { post: PlannedPost; username: string }) {
  const { t } = useTranslation('posts');
  const lang = useLanguage();
  const planned = formatPlanned(post.plannedAt, lang);
  return (
    <Card className="flex gap-4 p-4">
      <PostThumb media={post.media} className="w-20" />
      <div className="min-w-0 space-y-1">
        <h2 className="flex flex-wrap items-center gap-2 font-bold">
          {t(`types.${post.type}`)}
          <Badge>{t(`statuses.${post.status}`)}</Badge>
        </h2>
        <p className="text-sm">{planned ? t('list.plannedAt', { date: planned.date, time: planned.time }) : t('list.noDate')}</p>
        {post.caption && <p className="text-sm break-words text-ink-muted">{truncate(post.caption, 100)}</p>}
        {post.status !== 'planned' && (post.status === 'draft' ? (
          <p className="text-sm">
            {t('upsell.notPlanned')}{' '}
            <LocalizedLink to={postPaths.edit(username, post.id)}>{t('upsell.planIt')}</LocalizedLink>
          </p>
        ) : (
          <p className="text-sm">{t('upsell.closed')}</p>
        ))}
      </div>
    </Card>
  );
}

function Offers({ post, catalogue, username }: { post: PlannedPost; catalogue: ProductsAnswer; username: string }) {
  const { t } = useTranslation('posts');
  return (
    <div className="space-y-6">
      <PostSummary post={post} username={username} />
      {!catalogue.available && <Alert tone="info">{t('upsell.unavailable')}</Alert>}
      <ul className="grid gap-4 md:grid-cols-3" aria-label={t('upsell.offersLabel')}>
        {PROMOTION_PRODUCTS.map((productType) => (
          <li key={productType}>
            <Offer productType={productType} post={post} catalogue={catalogue} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Offer({ productType, post, catalogue }: { productType: PromotionProduct; post: PlannedPost; catalogue: ProductsAnswer }) {
  const { t } = useTranslation('posts');
  const lang = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const promote = usePromotePost();
  const order = useCreatePromotionOrder();
  const [error, setError] = useState<string | null>(null);
  const product = catalogue.products.find((p) => p.productType === productType);
  const credits = catalogue.credits?.[productType] ?? 0;
  const booked = post.promotions.find((p) => p.productType === productType && p.status !== 'rejected');
  const open = post.status === 'planned' && post.can.promote && !booked;
  const canBuy = open && catalogue.available && product !== undefined && product.purchasable !== false;
  const headingId = `offer-${productType}`;
  const price = product ? formatMoney(product.amountCents, lang) : null;

  const spendCredit = () => {
    setError(null);
    promote.mutate(
      { id: post.id, productType },
      {
        onSuccess: () => toast.success(t('upsell.requested')),
        onError: (err) => setError(err.message || t('upsell.failed')),
      },
    );
  };
  const buy = () => {
    setError(null);
    // PayPal shows its buttons on the dashboard: the credit bought there is used here afterwards.
    if (catalogue.provider === 'paypal') {
      navigate(localizePath(postPaths.premium, lang));
      return;
    }
    order.mutate(
      { productType, postId: post.id, returnPath: location.pathname },
      {
        onSuccess: (answer) => {
          if (!answer.success) setError(answer.message || t('upsell.failed'));
          else if (!answer.approveUrl) navigate(localizePath(postPaths.premium, lang));
          else if (answer.approveUrl.startsWith('/')) navigate(localizePath(answer.approveUrl, lang));
          else window.location.assign(answer.approveUrl);
        },
        onError: (err) => setError(err.message || t('upsell.failed')),
      },
    );
  };

  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <Megaphone aria-hidden="true" className="size-5 text-ink-muted" />
        {t(`products.${productType}`)}
      </h3>
      <p className="text-sm text-ink-muted">{t(`upsell.describe.${productType}`)}</p>
      {price && <p className="text-2xl font-extrabold">{price}</p>}
      <p className="text-sm">{t('upsell.credits', { count: credits })}</p>
      {booked ? (
        <p className="mt-auto flex items-center gap-2 font-semibold text-success">
          <Check aria-hidden="true" className="size-5" />
          {t('upsell.booked', { state: t(`promotionStates.${booked.status}`) })}
        </p>
      ) : (
        open && (
          <div className="mt-auto flex flex-col gap-2 pt-2">
            {credits > 0 && (
              <Button variant="primary" onClick={spendCredit} loading={promote.isPending} disabled={order.isPending} aria-describedby={headingId}>
                {t('upsell.useCredit')}
              </Button>
            )}
            {canBuy && (
              <Button variant={credits > 0 ? 'secondary' : 'primary'} onClick={buy} loading={order.isPending} disabled={promote.isPending} aria-describedby={headingId}>
                {t('upsell.buy', { price })}
              </Button>
            )}
          </div>
        )
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </Card>
  );
}
