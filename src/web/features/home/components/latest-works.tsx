import { useTranslation } from '../../../i18n/react';
import { buildPath, profilePathTo } from '../../../../common/routes';
import type { GalleryListItem } from '../../../../common/schemas/gallery';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Image } from '../../../ui/image';
import { Skeleton } from '../../../ui/skeleton';
import { LATEST_WORKS_LIMIT, useLatestWorks } from '../api/get-latest-works';
import { HomeSection } from './home-section';
import { QueryGrid } from './query-grid';

const GRID = 'grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-6';
/** A tile is a third of the column on a phone, a sixth from 768 px, at most a sixth of the 72rem column. */
const SIZES = '(min-width: 1152px) 184px, (min-width: 768px) 16vw, 33vw';

function Work({ item }: { item: GalleryListItem }) {
  const { t } = useTranslation('home');
  return (
    <li>
      <LocalizedLink to={`${profilePathTo(item.user.username)}?tab=portfolio`} className="group block overflow-hidden rounded border border-line hover:border-line-strong">
        <Image
          src={item.imageUrl}
          alt={item.caption ? t('latest.imageAltCaption', { name: item.user.name, caption: item.caption }) : t('latest.imageAlt', { name: item.user.name })}
          ratio="1/1"
          width={item.width || undefined}
          height={item.height || undefined}
          kind="gallery"
          sizes={SIZES}
          seed={item.user.id}
          imgClassName="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </LocalizedLink>
    </li>
  );
}

/**
 * The newest portfolio images on the start page, each opening its artist's portfolio, and the
 * way into the whole gallery. Nothing shows while the gallery is still empty.
 */
export function LatestWorks() {
  const { t } = useTranslation('home');
  const works = useLatestWorks();
  if (works.isSuccess && works.data.length === 0) return null;
  return (
    <HomeSection id="latest-works" title={t('latest.title')} more={{ to: buildPath('gallery'), label: t('latest.all') }}>
      <QueryGrid
        query={works}
        grid={GRID}
        skeleton={<Skeleton className="aspect-square w-full" />}
        count={LATEST_WORKS_LIMIT}
        texts={{ loading: t('latest.loading'), error: t('latest.error') }}
      >
        {(items) => (
          <ul className={GRID}>
            {items.map((item) => (
              <Work key={item.id} item={item} />
            ))}
          </ul>
        )}
      </QueryGrid>
    </HomeSection>
  );
}
