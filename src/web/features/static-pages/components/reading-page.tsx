import type { ReactNode } from 'react';

/** The frame of a text page: a reading width of about 70 characters. */
export function ReadingPage({ title, lead, meta, children }: { title: string; lead?: ReactNode; meta?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10 md:py-14">
      <header className="mb-8">
        <h1 className="text-2xl md:text-3xl">{title}</h1>
        {meta && <p className="mt-2 text-sm text-ink-muted">{meta}</p>}
        {lead && <p className="mt-4 text-base md:text-lg">{lead}</p>}
      </header>
      {children}
    </article>
  );
}
