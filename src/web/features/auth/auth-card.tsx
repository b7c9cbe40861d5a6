import type { ReactNode } from 'react';

/** The narrow frame of the login, register and password screens; `footer` is the way to the other screen. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      {intro && <p className="mt-2 text-ink-muted">{intro}</p>}
      <div className="mt-8">{children}</div>
      {footer && <p className="mt-8 border-t border-line pt-6 text-sm">{footer}</p>}
    </div>
  );
}
