import type { ReactNode } from 'react';

/** The head of a page: an optional kicker, the title and intro, and the page's action beside them. */
export function PageHeader({ kicker, title, intro, action }: { kicker?: ReactNode; title: ReactNode; intro: ReactNode; action?: ReactNode }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {kicker && <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{kicker}</p>}
        <h1 className="text-3xl font-extrabold tracking-tight break-words hyphens-auto sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-prose text-ink-muted">{intro}</p>
      </div>
      {action}
    </header>
  );
}
