import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'featured' | 'success' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-sunken text-ink',
  // The accent red marks featured entries, and nothing else besides main actions.
  featured: 'bg-accent text-on-accent',
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
};

/** A short label: a style, a status, the featured mark. */
export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-semibold', TONES[tone], className)}
    >
      {children}
    </span>
  );
}

/** Named things (styles) as a row of badges. */
export function BadgeList({ items, className }: { items: { id: number; name: string }[]; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap', className ?? 'gap-2')}>
      {items.map((item) => (
        <li key={item.id}>
          <Badge>{item.name}</Badge>
        </li>
      ))}
    </ul>
  );
}
