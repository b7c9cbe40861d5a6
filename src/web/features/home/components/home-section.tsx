import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { LocalizedLink } from '../../../i18n/localized-link';
import { cn } from '../../../ui/cn';

const COLUMN = 'mx-auto max-w-6xl px-4';

/**
 * How a section stands on the page: in the page's column; as a band across the page with the
 * column inside; or as a box in the column. `gap` is the space under the heading.
 */
const FRAMES = {
  column: { section: `${COLUMN} py-8 md:py-10`, inner: null, gap: 'mb-5' },
  band: { section: 'border-y border-line bg-surface', inner: `${COLUMN} py-10 md:py-12`, gap: 'mb-8' },
  box: { section: `${COLUMN} py-8 md:py-10`, inner: 'rounded border border-line bg-surface p-6 md:p-8', gap: null },
} as const;

/**
 * A section of the start page: its heading (`{id}-title`), with a link to the whole list beside
 * it when there is `more`, then its content.
 */
export function HomeSection({
  id,
  title,
  more,
  frame = 'column',
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  frame?: keyof typeof FRAMES;
  children: ReactNode;
}) {
  const { section, inner, gap } = FRAMES[frame];
  const headingId = `${id}-title`;
  const heading = (
    <h2 id={headingId} className={cn(!more && gap, 'text-xl md:text-2xl')}>
      {title}
    </h2>
  );
  const content = (
    <>
      {more ? (
        <div className={cn(gap, 'flex flex-wrap items-end justify-between gap-x-4 gap-y-2')}>
          {heading}
          <LocalizedLink to={more.to} className="inline-flex items-center gap-1 text-sm font-semibold text-ink underline-offset-4 hover:underline">
            {more.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </LocalizedLink>
        </div>
      ) : (
        heading
      )}
      {children}
    </>
  );
  return (
    <section aria-labelledby={headingId} className={section}>
      {inner ? <div className={inner}>{content}</div> : content}
    </section>
  );
}
