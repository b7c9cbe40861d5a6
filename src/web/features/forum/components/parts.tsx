import { Lock, MessageSquare, Pin } from 'lucide-react';
import { formatRelative } from '../../../../common/format';
import { forumCategoryPath, forumThreadPath } from '../../../../common/forum';
import type { ForumAuthor, ForumThreadSummary } from '../../../../common/schemas/forum';
import { LANGUAGES, type Language } from '../../../../common/languages';
import { profilePathTo } from '../../../../common/routes';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useTranslation } from '../../../i18n/react';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { cn } from '../../../ui/cn';
import { Pagination } from '../../../ui/pagination';

/**
 * A moment as "3 hours ago", with the exact time for machines. The server's render and the
 * browser's first render are seconds apart: the text may differ, which is no mismatch to repair.
 */
export function TimeAgo({ value, className }: { value: string; className?: string }) {
  const lang = useLanguage();
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {formatRelative(value, lang)}
    </time>
  );
}

/** An author's name linking to their profile (the path is language-free: the link adds the prefix). */
export function AuthorLink({ author, className }: { author: ForumAuthor; className?: string }) {
  return (
    <LocalizedLink to={profilePathTo(author.username)} className={cn('font-semibold text-ink', className)}>
      {author.name || author.username}
    </LocalizedLink>
  );
}

/** One thread in a list: title, author, category (where the list mixes them), replies and last activity. */
export function ThreadRow({ thread, showCategory = false }: { thread: ForumThreadSummary; showCategory?: boolean }) {
  const { t } = useTranslation('forum');
  return (
    <li className="flex gap-3 py-4">
      <Avatar src={thread.author.avatar} name={thread.author.name} username={thread.author.username} size="sm" decorative className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {thread.isPinned && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-ink-muted">
              <Pin aria-hidden="true" className="size-3.5" />
              {t('thread.pinned')}
            </span>
          )}
          {thread.isLocked && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-ink-muted">
              <Lock aria-hidden="true" className="size-3.5" />
              {t('thread.locked')}
            </span>
          )}
          <LocalizedLink to={forumThreadPath(thread.id, thread.slug)} className="text-base font-bold break-words text-ink [overflow-wrap:anywhere]" lang={thread.language}>
            {thread.title}
          </LocalizedLink>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
          <span>{thread.author.name || thread.author.username}</span>
          {showCategory && (
            <>
              <span aria-hidden="true">·</span>
              <LocalizedLink to={forumCategoryPath(thread.category.slug)} className="text-ink-muted">
                {thread.category.name}
              </LocalizedLink>
            </>
          )}
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {t('thread.replies', { count: thread.replyCount })}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {t('thread.lastActivity')} <TimeAgo value={thread.lastPostAt} />
          </span>
          <Badge className="uppercase">{thread.language}</Badge>
        </p>
      </div>
    </li>
  );
}

/** The shared pager in the forum's words; `hrefFor(n)` is the language-free path of page n. */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (n: number) => string }) {
  const { t } = useTranslation('forum');
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={hrefFor}
      texts={{ label: t('paging.label'), previous: t('paging.previous'), next: t('paging.next'), page: (n) => t('paging.page', { page: n }) }}
    />
  );
}

/** `?language=` as the lists read it: one of the five, else none. */
export function languageParam(raw: string | null): Language | null {
  return raw && (LANGUAGES as readonly string[]).includes(raw) ? (raw as Language) : null;
}

/**
 * The language filter: links, so it works without script and each filtered list has an address.
 * `hrefFor(null)` is the unfiltered list.
 */
export function LanguageFilter({ selected, hrefFor }: { selected: Language | null; hrefFor: (language: Language | null) => string }) {
  const { t } = useTranslation('forum');
  const chip = (language: Language | null) => {
    const active = language === selected;
    return (
      <li key={language ?? 'all'}>
        <LocalizedLink
          to={hrefFor(language)}
          aria-current={active ? 'true' : undefined}
          className={cn(
            'inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-semibold no-underline',
            active ? 'border-ink bg-ink text-surface' : 'border-line-strong text-ink hover:bg-sunken',
          )}
        >
          {language ? t(`languages.${language}`) : t('languages.all')}
        </LocalizedLink>
      </li>
    );
  };
  return (
    <nav aria-label={t('languages.label')}>
      <ul className="flex flex-wrap gap-2">{[null, ...LANGUAGES].map(chip)}</ul>
    </nav>
  );
}

/** The trail above a forum page: Forum › Category. */
export function Crumbs({ category }: { category?: { slug: string; name: string } }) {
  const { t } = useTranslation('forum');
  return (
    <nav aria-label={t('crumbs')} className="text-sm text-ink-muted">
      <LocalizedLink to="/forum" className="font-semibold text-ink-muted">
        {t('title')}
      </LocalizedLink>
      {category && (
        <>
          <span aria-hidden="true"> › </span>
          <LocalizedLink to={forumCategoryPath(category.slug)} className="font-semibold text-ink-muted">
            {category.name}
          </LocalizedLink>
        </>
      )}
    </nav>
  );
}
