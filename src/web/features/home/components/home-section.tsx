import type { ReactNode } from 'react';

/** A section of the start page: its heading (`{id}-title`) and content, in the page's column. */
export function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h2 id={`${id}-title`} className="mb-5 text-xl md:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
