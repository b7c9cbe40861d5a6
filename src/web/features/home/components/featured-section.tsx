import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, UserRoundSearch } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { FEATURED_DEFAULT_LIMIT } from '../../../../common/constants';
import type { FeaturedArtist } from '../../../../common/schemas/featured';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { FeaturedCard, FeaturedCardSkeleton } from './featured-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5';

/** A featured list: skeleton cards while loading, the error with a retry, an empty text, or the cards. */
export function FeaturedSection({
  id,
  title,
  query,
  texts,
  more,
  variant = 'strip',
  priority = false,
}: {
  id: string;
  title: string;
  query: UseQueryResult<FeaturedArtist[]>;
  texts: { loading: string; empty: string; error: string };
  more: { to: string; label: string };
  /** How the cards lead: an artist's latest works (`strip`) or a studio's cover picture (`cover`). */
  variant?: 'strip' | 'cover';
  /** The first card's picture is the first image on the page: load it eagerly. */
  priority?: boolean;
}) {
  const { t } = useTranslation('home');
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="text-xl md:text-2xl">
          {title}
        </h2>
        <LocalizedLink to={more.to} className="inline-flex items-center gap-1 text-sm font-semibold text-ink underline-offset-4 hover:underline">
          {more.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </LocalizedLink>
      </div>
      {query.isPending ? (
        <div aria-busy="true">
          <span role="status" className="sr-only">
            {texts.loading}
          </span>
          <div className={GRID}>
            {Array.from({ length: FEATURED_DEFAULT_LIMIT }, (_, i) => (
              <FeaturedCardSkeleton key={i} variant={variant} />
            ))}
          </div>
        </div>
      ) : query.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('featured.retry')}
            </Button>
          }
        >
          {texts.error}
        </Alert>
      ) : query.data.length === 0 ? (
        <EmptyState icon={<UserRoundSearch aria-hidden="true" />} title={texts.empty} />
      ) : (
        <ul className={GRID}>
          {query.data.map((entry, index) => (
            <li key={entry.id}>
              <FeaturedCard entry={entry} variant={variant} priority={priority && index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
