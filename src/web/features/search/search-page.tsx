import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { buildPath } from '../../../common/routes';
import { SEARCH_QUERY_MAX, SEARCH_TYPES, type SearchAnswer, type SearchResult } from '../../../common/schemas/search';
import { LOCALES } from '../../../common/languages';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { usePageTitle } from '../../i18n/page-title';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../routing';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadMoreButton } from '../../ui/load-more';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { SkeletonLines } from '../../ui/skeleton';
import { Tabs } from '../../ui/tabs';
import { VerifiedBadge } from '../../ui/verified-badge';
import { searchable, useSearch, type SearchTab } from './api/search';
import { Highlighted } from './highlighted';
import { searchHref } from './search-href';

const TABS: SearchTab[] = ['all', ...SEARCH_TYPES];
const isTab = (value: string | null): value is SearchTab => (TABS as (string | null)[]).includes(value);

/** /search?q=&type=: every kind of thing found, a tab per type with its count, more on request. */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const typeParam = params.get('type');
  const tab: SearchTab = isTab(typeParam) ? typeParam : 'all';
  const [draft, setDraft] = useState(q);
  const [shownFor, setShownFor] = useState(q);
  // A new address (the header box, back and forward) puts its query in the field.
  if (shownFor !== q) {
    setShownFor(q);
    setDraft(q);
  }
  usePageTitle('search.titleWithQuery', q ? { query: q } : null);
  const search = useSearch(q, tab);
  const first = search.data?.pages[0];
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) navigate(localizePath(searchHref(draft), lang));
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{q ? t('resultsFor', { query: q }) : t('title')}</h1>
        <p className="mt-2 text-ink-muted">{t('intro')}</p>
      </header>
      {/* Named apart from the header's search box: on wide screens both are landmarks on this page. */}
      <form role="search" aria-label={t('title')} action={localizePath(buildPath('search'), lang)} method="get" onSubmit={submit} className="flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t('label')}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          value={draft}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('placeholder')}
          className="min-h-11 w-full min-w-0 flex-1 rounded border border-line-strong bg-paper px-3 text-base"
        />
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          {t('submit')}
        </Button>
      </form>
      {!searchable(q) ? (
        <EmptyState icon={<Search />} title={t('start.title')} description={t('start.text')} />
      ) : search.isError ? (
        <QueryErrorAlert query={search} retryLabel={t('retry')} fallback={t('failed')} />
      ) : !first ? (
        <div aria-busy="true" className="space-y-4">
          <span className="sr-only">{t('loading')}</span>
          <SkeletonLines lines={['h-11 w-full', 'h-20 w-full', 'h-20 w-full', 'h-20 w-full']} />
        </div>
      ) : (
        <Results q={q} tab={tab} answer={first} results={results} query={search} />
      )}
    </div>
  );
}

function Results({ q, tab, answer, results, query }: { q: string; tab: SearchTab; answer: SearchAnswer; results: SearchResult[]; query: ReturnType<typeof useSearch> }) {
  const { t } = useTranslation('search');
  const lang = useLanguage();
  const navigate = useNavigate();
  const total = SEARCH_TYPES.reduce((sum, type) => sum + answer.counts[type], 0);
  const capped = answer.countsCapped ?? [];
  // A capped count is a lower bound ("100+"), and so is a sum over one.
  const countOf = (id: SearchTab) => {
    const n = new Intl.NumberFormat(LOCALES[lang]).format(id === 'all' ? total : answer.counts[id]);
    return (id === 'all' ? capped.length > 0 : capped.includes(id)) ? `${n}+` : n;
  };
  // The forum's tab shows once the forum has threads to find.
  const tabs = TABS.filter((id) => id !== 'threads' || answer.counts.threads > 0).map((id) => ({
    id,
    label: (
      <span className="inline-flex items-center gap-2">
        {t(`tabs.${id}`)}
        <span className="min-w-6 rounded-full bg-sunken px-1.5 text-center text-xs font-bold text-ink">{countOf(id)}</span>
      </span>
    ),
  }));

  if (total === 0) {
    return (
      <EmptyState
        icon={<Search />}
        title={t('empty.title', { query: q })}
        description={
          <span className="block space-y-1 text-left">
            <span className="block">{t('empty.spelling')}</span>
            <span className="block">{t('empty.fewer')}</span>
            <span className="block">{t('empty.places')}</span>
          </span>
        }
        action={
          <div className="flex flex-wrap justify-center gap-4 text-sm font-semibold">
            <LocalizedLink to={buildPath('guestSpots')}>{t('empty.browseSpots')}</LocalizedLink>
            <LocalizedLink to={buildPath('tattooArtists')}>{t('empty.browseArtists')}</LocalizedLink>
          </div>
        }
      />
    );
  }

  return (
    <div className="space-y-4">
      <Tabs
        idPrefix="search"
        label={t('tabs.label')}
        tabs={tabs}
        selected={tab}
        onSelect={(id) => navigate(localizePath(searchHref(q, id as SearchTab), lang), { replace: true })}
      />
      <section id={`search-panel-${tab}`} role="tabpanel" aria-labelledby={`search-tab-${tab}`} className="space-y-4">
        {results.length === 0 ? (
          <p className="py-6 text-center text-ink-muted">{t('emptyTab')}</p>
        ) : (
          <ol className="divide-y divide-line">
            {results.map((result) => (
              <ResultItem key={`${result.type}:${result.id}`} result={result} />
            ))}
          </ol>
        )}
        <LoadMoreButton query={query} label={t('more')} />
      </section>
    </div>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  const { t } = useTranslation('search');
  return (
    <li className="flex gap-3 py-4">
      <Avatar src={result.imageUrl} name={result.title} size="md" decorative />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <LocalizedLink to={result.url} className="font-bold text-ink break-words">
            {result.title}
          </LocalizedLink>
          <Badge>{t(`type.${result.type}`)}</Badge>
          {result.verified && <VerifiedBadge />}
        </div>
        {result.snippet && (
          <p className="mt-1 text-sm break-words text-ink-muted">
            <Highlighted text={result.snippet} ranges={result.highlights} />
          </p>
        )}
      </div>
    </li>
  );
}
