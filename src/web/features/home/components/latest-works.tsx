import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { buildPath, profilePathTo } from '../../../../common/routes';
import type { GalleryListItem } from '../../../../common/schemas/gallery';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Image } from '../../../ui/image';
import { Skeleton } from '../../../ui/skeleton';
import { LATEST_WORKS_LIMIT, useLatestWorks } from '../api/get-latest-works';

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
    <section aria-labelledby="latest-works-title" className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <h2 id="latest-works-title" className="text-xl md:text-2xl">
          {t('latest.title')}
        </h2>
        <LocalizedLink to={buildPath('gallery')} className="inline-flex items-center gap-1 text-sm font-semibold text-ink underline-offset-4 hover:underline">
          {t('latest.all')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </LocalizedLink>
      </div>
      {works.isPending ? (
        <div aria-busy="true">
          <span role="status" className="sr-only">
            {t('latest.loading')}
          </span>
          <div className={GRID}>
            {Array.from({ length: LATEST_WORKS_LIMIT }, (_, i) => (
              <Skeleton key={i} className="aspect-square w-full" />
            ))}
          </div>
        </div>
      ) : works.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" onClick={() => void works.refetch()} loading={works.isFetching}>
              {t('featured.retry')}
            </Button>
          }
        >
          {t('latest.error')}
        </Alert>
      ) : (
        <ul className={GRID}>
          {works.data.map((item) => (
            <Work key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
