import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../ui/toast';
import { REVIEW_COMMENT_MAX } from '../../../../common/constants';
import type { Review } from '../../../../common/schemas/reviews';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { TextArea } from '../../../ui/field';
import { useSaveReview } from '../api/save-review';
import { StarRatingInput } from './star-rating-input';

/** The countdown shows once this few characters are left. */
const COUNTDOWN_FROM = 200;

/**
 * Creates the viewer's review of a user, or edits it (`existing`: the prior rating and comment
 * filled in). Submit is disabled without a rating and while saving; the result is a toast, the
 * server's message on failure.
 */
export function ReviewDialog({
  open,
  onOpenChange,
  reviewerId,
  reviewed,
  existing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reviewerId: number;
  reviewed: { id: number; name: string };
  existing: Review | null;
}) {
  const { t } = useTranslation('reviews');
  const title = existing ? t('dialog.titleEdit', { name: reviewed.name }) : t('dialog.titleNew', { name: reviewed.name });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={t('dialog.description', { name: reviewed.name })} closeLabel={t('dialog.close')}>
      {/* Mounted afresh on each opening, so it starts from the saved review. */}
      {open && <ReviewForm reviewerId={reviewerId} reviewedId={reviewed.id} existing={existing} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReviewForm({ reviewerId, reviewedId, existing, onDone }: { reviewerId: number; reviewedId: number; existing: Review | null; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const ids = useId();
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const save = useSaveReview();
  const remaining = REVIEW_COMMENT_MAX - comment.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || save.isPending) return;
    save.mutate(
      { reviewerId, reviewedId, rating, comment: comment.trim(), previousRating: existing?.rating ?? null },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onDone();
        },
        onError: (err) => {
          toast.error((err instanceof ApiError && err.status !== 0 && err.message) || t('saveFailed'));
        },
      },
    );
  };

  // Says why the save button is disabled, until a star is chosen.
  const ratingMissing = rating === null;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <p id={`${ids}-rating`} className="mb-1 text-sm font-semibold">
          {t('dialog.rating')}
        </p>
        <StarRatingInput
          value={rating}
          onChange={setRating}
          labelledBy={`${ids}-rating`}
          describedBy={ratingMissing ? `${ids}-rating-error` : undefined}
          disabled={save.isPending}
        />
        {ratingMissing && (
          <p id={`${ids}-rating-error`} className="text-sm text-ink-muted">
            {t('dialog.ratingRequired')}
          </p>
        )}
      </div>
      <TextArea
        label={t('dialog.comment')}
        labelSuffix={t('dialog.optional')}
        value={comment}
        maxLength={REVIEW_COMMENT_MAX}
        onChange={(e) => setComment(e.target.value)}
        disabled={save.isPending}
        hint={remaining <= COUNTDOWN_FROM ? t('dialog.remaining', { count: remaining }) : undefined}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button onClick={onDone} disabled={save.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={rating === null} loading={save.isPending}>
          {t('dialog.submit')}
        </Button>
      </div>
    </form>
  );
}
