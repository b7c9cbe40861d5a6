import { MessageSquareQuote, PencilLine, Star } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../routing';
import { toast } from '../../../ui/toast';
import { formatRating } from '../../../../common/format';
import { withLanguage } from '../../../../common/languages';
import type { Review } from '../../../../common/schemas/reviews';
import type { UserType } from '../../../../common/constants';
import { useLanguage } from '../../../i18n/language';
import { useReturnIntent, useSession } from '../../../lib/session';
import { Button, buttonClasses } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { StatusSkeleton } from '../../../ui/skeleton';
import { useReviewCheck } from '../api/check-review';
import { useDeleteReview } from '../api/delete-review';
import { useReviews } from '../api/get-reviews';
import { ReviewItem } from './review-item';
import { ReviewRowsSkeleton } from './reviews-skeleton';
import { Stars } from './stars';

// Writing a review is for the few who may: its form loads when the pointer or focus reaches the button.
const loadDialog = () => import('./review-dialog');
const ReviewDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReviewDialog })));
const preloadDialog = () => {
  loadDialog().catch(() => undefined);
};

/** The address parameter that opens the dialog after a visitor logged in to write a review. */
const OPEN_PARAM = 'review';

export interface ReviewsTabProps {
  userId: number;
  name: string;
  username: string;
  userType: UserType;
  /** The viewer owns the profile: no review button (no one reviews themselves). */
  isOwner: boolean;
}

/**
 * A profile's reviews: the heading with the total, the average with stars and the count, the
 * leave or edit button when the server allows it, the list newest first with "load more", and
 * the dialog. Saves and deletions update the list in place.
 */
export function ReviewsTab({ userId, name, isOwner }: ReviewsTabProps) {
  const { t } = useTranslation('reviews');
  const lang = useLanguage();
  const session = useSession();
  const viewer = session.user;
  const list = useReviews(userId);
  const check = useReviewCheck(userId, session.state === 'loggedIn' && !isOwner);
  const deleteReview = useDeleteReview();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing still animates and returns focus.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialogOpen && !dialogUsed) setDialogUsed(true);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const intent = useReturnIntent(OPEN_PARAM, '1');

  // Back from the login page: open the dialog once the server said the viewer may write.
  const { wanted: wantsDialog, clear: clearIntent } = intent;
  useEffect(() => {
    if (!wantsDialog || !check.data) return;
    if (check.data.canReview) setDialogOpen(true);
    clearIntent();
  }, [wantsDialog, check.data, clearIntent]);

  const first = list.data?.pages[0];
  const total = first?.totalReviews ?? 0;
  const average = first?.averageRating ?? 0;
  const reviews = list.data?.pages.flatMap((p) => p.reviews) ?? [];
  const rating = formatRating(average, total, lang);

  let action = null;
  if (session.state === 'loggedOut' && !isOwner) {
    const target = `${withLanguage('/login', lang)}?redirect=${intent.loginRedirect}`;
    action = (
      <Link to={target} className={buttonClasses({ variant: 'primary' })}>
        <Star aria-hidden="true" className="size-4" />
        {t('loginToReview')}
      </Link>
    );
  } else if (check.data?.canReview && viewer) {
    const edit = check.data.hasReviewed;
    action = (
      <Button
        variant={edit ? 'secondary' : 'primary'}
        icon={edit ? <PencilLine aria-hidden="true" className="size-4" /> : <Star aria-hidden="true" className="size-4" />}
        onClick={() => setDialogOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        {edit ? t('edit') : t('leave')}
      </Button>
    );
  }

  return (
    <section aria-labelledby="reviews-heading" className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <h2 id="reviews-heading" className="text-2xl font-extrabold tracking-tight">
            {t('heading', { count: total })}
          </h2>
          {list.isPending ? (
            <StatusSkeleton label={t('loading')} lines={['h-7 w-56']} />
          ) : (
            first && (
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {rating.value !== null && (
                  <>
                    <span className="text-3xl font-extrabold" aria-hidden="true">
                      {rating.value}
                    </span>
                    <Stars value={average} size="lg" />
                    <span className="sr-only">{t('averageLabel', { value: rating.value })}</span>
                  </>
                )}
                <span className="text-ink-muted">{t('count', { count: total })}</span>
              </p>
            )
          )}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>

      {list.isPending ? (
        <ReviewRowsSkeleton />
      ) : list.isError ? (
        <QueryErrorAlert query={list} retryLabel={t('retry')} fallback={t('loadFailed')} />
      ) : reviews.length === 0 ? (
        <EmptyState icon={<MessageSquareQuote />} title={t('empty.title')} description={t('empty.text')} />
      ) : (
        <ul aria-label={t('listLabel', { name })}>
          {reviews.map((review) => (
            <li key={review.id} className="border-b border-line last:border-b-0">
              <ReviewItem review={review} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
      )}

      <LoadMoreButton query={list} label={t('loadMore')} />

      {viewer && check.data && dialogUsed && (
        <Suspense fallback={null}>
          <ReviewDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            reviewerId={viewer.id}
            reviewed={{ id: userId, name }}
            existing={check.data.review}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        texts={{
          title: t('remove.title'),
          text: t('remove.text'),
          confirm: t('remove.confirm'),
          cancel: t('remove.cancel'),
          close: t('remove.close'),
          failed: t('remove.failed'),
        }}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteReview.mutateAsync(deleting);
          toast.success(t('remove.done'));
        }}
      />
    </section>
  );
}
