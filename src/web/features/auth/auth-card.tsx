import type { ReactNode } from 'react';

/** The narrow frame of the login, register and password screens. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {intro && <p className="mt-2 text-ink-muted">{intro}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
