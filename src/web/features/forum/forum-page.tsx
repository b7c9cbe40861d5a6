import { MessagesSquare, Plus } from 'lucide-react';
import { FORUM_LATEST_MAX, forumCategoryPath } from '../../../common/forum';
import type { ForumCategory } from '../../../common/schemas/forum';
import { toQuery } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../routing';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { useForumCategories, useLatestThreads } from './api';
import { LanguageFilter, languageParam, ThreadRow, TimeAgo } from './components/parts';

/** The latest threads of the overview, before the language filter picks from them. */
const LATEST_SHOWN = 5;

/** /forum: the categories with their counts and last activity, the latest threads, a language filter. */
export default function ForumPage() {
  const { t } = useTranslation('forum');
  const [params] = useSearchParams();
  const language = languageParam(params.get('language'));
  const categories = useForumCategories();
  // The newest ten, filtered here: the overview's filter narrows what it shows and carries on
  // into the categories, whose lists the server filters.
  const latest = useLatestThreads(FORUM_LATEST_MAX);
  const latestShown = (latest.data ?? []).filter((thread) => !language || thread.language === language).slice(0, LATEST_SHOWN);
  const languageQuery = toQuery({ language });

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:py-12">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        action={
          <LocalizedLink to="/forum/new" className={buttonClasses({ variant: 'primary' })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('newThread')}
          </LocalizedLink>
        }
      />
      <LanguageFilter selected={language} hrefFor={(l) => `/forum${toQuery({ language: l })}`} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="forum-categories" className="space-y-3">
          <h2 id="forum-categories" className="text-xl font-bold">
            {t('categories.title')}
          </h2>
          {categories.isError ? (
            <QueryErrorAlert query={categories} retryLabel={t('retry')} fallback={t('categories.failed')} />
          ) : !categories.data ? (
            <div aria-busy="true">
              <span className="sr-only">{t('loading')}</span>
              <SkeletonLines lines={['h-20 w-full', 'h-20 w-full', 'h-20 w-full', 'h-20 w-full']} />
            </div>
          ) : (
            <ul className="space-y-3">
              {categories.data.map((category) => (
                <CategoryItem key={category.id} category={category} query={languageQuery} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="forum-latest" className="space-y-3">
          <h2 id="forum-latest" className="text-xl font-bold">
            {t('latest.title')}
          </h2>
          {latest.isError ? (
            <QueryErrorAlert query={latest} retryLabel={t('retry')} fallback={t('latest.failed')} />
          ) : !latest.data ? (
            <div aria-busy="true">
              <span className="sr-only">{t('loading')}</span>
              <SkeletonLines lines={['h-14 w-full', 'h-14 w-full', 'h-14 w-full']} />
            </div>
          ) : latestShown.length === 0 ? (
            <EmptyState
              icon={<MessagesSquare />}
              title={t('latest.empty')}
              action={
                <LocalizedLink to="/forum/new" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  {t('newThread')}
                </LocalizedLink>
              }
            />
          ) : (
            <ol className="divide-y divide-line">
              {latestShown.map((thread) => (
                <ThreadRow key={thread.id} thread={thread} showCategory />
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

function CategoryItem({ category, query }: { category: ForumCategory; query: string }) {
  const { t } = useTranslation('forum');
  return (
    <li>
      <Card className="p-4">
        <h3 className="text-lg font-bold">
          <LocalizedLink to={forumCategoryPath(category.slug) + query} className="text-ink">
            {category.name}
          </LocalizedLink>
        </h3>
        <p className="mt-1 max-w-prose text-sm text-ink-muted">{category.description}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
          <span>{t('categories.threads', { count: category.threadCount })}</span>
          <span>{t('categories.posts', { count: category.postCount })}</span>
          {category.lastPostAt && (
            <span>
              {t('thread.lastActivity')} <TimeAgo value={category.lastPostAt} />
            </span>
          )}
        </p>
      </Card>
    </li>
  );
}
