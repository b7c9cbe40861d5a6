import { UserRoundSearch } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { FEATURED_DEFAULT_LIMIT } from '../../../../common/constants';
import { buildPath } from '../../../../common/routes';
import { EmptyState } from '../../../ui/empty-state';
import { useFeatured } from '../api/get-featured';
import { FeaturedCard, FeaturedCardSkeleton } from './featured-card';
import { HomeSection } from './home-section';
import { QueryGrid } from './query-grid';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5';

/**
 * Where each list's link to all of them leads, and how its cards lead: an artist's latest works
 * (`strip`) or a studio's cover picture (`cover`).
 */
const LISTS = {
  artists: { all: buildPath('tattooArtists'), variant: 'strip' },
  studios: { all: buildPath('tattooStudios'), variant: 'cover' },
} as const;

/**
 * The featured artists or studios (texts under `featured.{which}`): skeleton cards while loading,
 * the error with a retry, an empty text, or the cards.
 */
export function FeaturedSection({
  which,
  priority = false,
}: {
  which: keyof typeof LISTS;
  /** The first card's picture is the first image on the page: load it eagerly. */
  priority?: boolean;
}) {
  const { t } = useTranslation('home');
  const query = useFeatured(which);
  const { all, variant } = LISTS[which];
  const text = (key: string) => t(`featured.${which}.${key}`);
  return (
    <HomeSection id={`featured-${which}`} title={text('title')} more={{ to: all, label: text('all') }}>
      <QueryGrid
        query={query}
        grid={GRID}
        skeleton={<FeaturedCardSkeleton variant={variant} />}
        count={FEATURED_DEFAULT_LIMIT}
        texts={{ loading: text('loading'), error: text('error') }}
      >
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState icon={<UserRoundSearch aria-hidden="true" />} title={text('empty')} />
          ) : (
            <ul className={GRID}>
              {entries.map((entry, index) => (
                <li key={entry.id}>
                  <FeaturedCard entry={entry} variant={variant} priority={priority && index === 0} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryGrid>
    </HomeSection>
  );
}
