import { BadgeCheck, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../routing';
import { formatRelative } from '../../../../common/format';
import { LOCALES } from '../../../../common/languages';
import { profilePathTo } from '../../../../common/routes';
import type { Review } from '../../../../common/schemas/reviews';
import { useLanguage } from '../../../i18n/language';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Stars } from './stars';

/**
 * One review: the reviewer's avatar (or initial), name linking to their profile, type, when,
 * the stars and the comment as plain text with its line breaks (React escapes it; never HTML).
 */
export function ReviewItem({ review, onDelete }: { review: Review; onDelete?: (review: Review) => void }) {
  const { t } = useTranslation('reviews');
  const lang = useLanguage();
  const { reviewer } = review;
  return (
    <article aria-label={t('byline', { name: reviewer.name })} className="flex gap-3 py-5 sm:gap-4">
      <Avatar src={reviewer.avatar} name={reviewer.name} username={reviewer.username} size="md" decorative />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <div className="min-w-0">
            <Link to={profilePathTo(reviewer.username, lang)} className="font-semibold break-words">
              {reviewer.name}
            </Link>
            <p className="text-sm text-ink-muted">
              {t(`type.${reviewer.userType}`)}
              <span aria-hidden="true"> · </span>
              <time dateTime={review.createdAt}>{formatRelative(review.createdAt, lang)}</time>
            </p>
          </div>
          {onDelete && review.can?.delete && (
            <Button variant="ghost" size="sm" onClick={() => onDelete(review)} icon={<Trash2 aria-hidden="true" className="size-4" />}>
              {t('remove.button')}
            </Button>
          )}
        </div>
        <p className="flex items-center gap-2">
          <Stars value={review.rating} size="sm" />
          <span className="sr-only">{t('averageLabel', { value: review.rating })}</span>
        </p>
        {review.verifiedStay && <VerifiedStay month={review.verifiedStay.month} />}
        {review.comment && <p className="break-words whitespace-pre-line">{review.comment}</p>}
      </div>
    </article>
  );
}

/** The mark of a review written after a completed stay of the two, with the stay's month in the page's language. */
function VerifiedStay({ month }: { month: string }) {
  const { t } = useTranslation('reviews');
  const lang = useLanguage();
  const label = new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success">
      <BadgeCheck aria-hidden="true" className="size-4" />
      {t('verifiedStay', { month: label })}
    </p>
  );
}
