import { MessagesSquare, Plus } from 'lucide-react';
import { forumCategoryPath } from '../../../common/forum';
import { isNotFound, toQuery } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { usePageTitle } from '../../i18n/page-title';
import { useTranslation } from '../../i18n/react';
import { useParams, useSearchParams } from '../../routing';
import { buttonClasses } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { NotFound } from '../../ui/not-found';
import { PageHeader } from '../../ui/page-header';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { useCategoryThreads } from './api';
import { Crumbs, LanguageFilter, languageParam, Pager, ThreadRow } from './components/parts';
import { pageNumber } from './page-number';

/** /forum/c/{slug}[/page/{n}]: a category's threads, pinned first, then by last activity; filtered by language. */
export default function CategoryPage() {
  const { slug = '', page: rawPage } = useParams();
  const page = pageNumber(rawPage);
  if (page === null) return <NotFound />;
  return <CategoryThreads slug={slug} page={page} />;
}

function CategoryThreads({ slug, page }: { slug: string; page: number }) {
  const { t } = useTranslation('forum');
  const [params] = useSearchParams();
  const language = languageParam(params.get('language'));
  const list = useCategoryThreads(slug, page, language);
  const category = list.data?.category;
  usePageTitle(page > 1 ? 'forumCategoryPage.title' : 'forumCategory.title', category ? { name: category.name, page: String(page) } : null);
  const query = toQuery({ language });
  const newHref = `/forum/new${toQuery({ category: slug })}`;

  if (list.isError && isNotFound(list.error)) return <NotFound />;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <Crumbs />
      {list.isError ? (
        <QueryErrorAlert query={list} retryLabel={t('retry')} fallback={t('category.failed')} />
      ) : !list.data ? (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <SkeletonLines lines={['h-10 w-2/3', 'h-5 w-full', 'h-16 w-full', 'h-16 w-full', 'h-16 w-full']} />
        </div>
      ) : (
        <>
          <PageHeader
            title={list.data.category.name}
            intro={list.data.category.description}
            action={
              <LocalizedLink to={newHref} className={buttonClasses({ variant: 'primary' })}>
                <Plus aria-hidden="true" className="size-4" />
                {t('newThread')}
              </LocalizedLink>
            }
          />
          <LanguageFilter selected={language} hrefFor={(l) => forumCategoryPath(slug) + toQuery({ language: l })} />
          {list.data.threads.length === 0 ? (
            <EmptyState
              icon={<MessagesSquare />}
              title={t('category.empty')}
              description={t('category.emptyText')}
              action={
                <LocalizedLink to={newHref} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  {t('newThread')}
                </LocalizedLink>
              }
            />
          ) : (
            <ol className="divide-y divide-line border-y border-line">
              {list.data.threads.map((thread) => (
                <ThreadRow key={thread.id} thread={thread} />
              ))}
            </ol>
          )}
          <Pager page={list.data.page} pageCount={list.data.pageCount} hrefFor={(n) => forumCategoryPath(slug, n) + query} />
        </>
      )}
    </div>
  );
}
