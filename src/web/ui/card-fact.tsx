import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

/**
 * A line of a card's details, a small icon before its text (the place, the period); nothing
 * without text. `gap` follows the card's size.
 */
export function CardFact({ icon: Icon, text, gap = 'gap-1.5' }: { icon: LucideIcon; text: string | null | undefined; gap?: 'gap-1' | 'gap-1.5' }) {
  if (!text) return null;
  return (
    <p className={cn('flex items-start', gap, 'text-sm text-ink-muted')}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
