import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LocalizedLink } from '../i18n/localized-link';
import { cn } from './cn';

/** The page numbers to show: first, last and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/** The pager's words, from the caller's own texts (the lists and the forum each have theirs). */
export interface PaginationTexts {
  label: string;
  previous: string;
  next: string;
  page: (n: number) => string;
}

const ITEM = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded border px-3 text-sm font-semibold no-underline';

/**
 * Paging links (real links, so every page has an address search engines and users can follow);
 * `hrefFor(n)` is the language-free path of page n. Nothing for a single page.
 */
export function Pagination({ page, pageCount, hrefFor, texts }: { page: number; pageCount: number; hrefFor: (n: number) => string; texts: PaginationTexts }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={texts.label} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <LocalizedLink to={hrefFor(page - 1)} rel="prev" className={cn(ITEM, 'border-line-strong text-ink hover:bg-sunken')}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {texts.previous}
        </LocalizedLink>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <LocalizedLink
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={texts.page(n)}
                className={cn(ITEM, n === page ? 'border-ink bg-ink text-surface' : 'border-line text-ink hover:bg-sunken')}
              >
                {n}
              </LocalizedLink>
            </li>
          ),
        )}
      </ul>
      {page < pageCount && (
        <LocalizedLink to={hrefFor(page + 1)} rel="next" className={cn(ITEM, 'border-line-strong text-ink hover:bg-sunken')}>
          {texts.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </LocalizedLink>
      )}
    </nav>
  );
}
