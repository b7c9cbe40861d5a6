import type { ReactNode } from 'react';

/** The heading of a card on a page (a dashboard section), with its intro under it when there is one. */
export function CardHeading({ id, title, intro }: { id?: string; title: ReactNode; intro?: ReactNode }) {
  const heading = (
    <h2 id={id} className="text-xl font-bold">
      {title}
    </h2>
  );
  if (!intro) return heading;
  return (
    <div>
      {heading}
      <p className="mt-1 max-w-prose text-ink-muted">{intro}</p>
    </div>
  );
}
