import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A surface that groups content; quiet border, no shadow (shadows are for floating things). */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded border border-line bg-surface', className)} {...props} />;
}

/** A card that is one link as a whole (pictures first, DESIGN.md): the classes of its link. */
export const LINK_CARD_CLASSES =
  'group flex h-full flex-col overflow-hidden rounded border border-line bg-surface text-ink no-underline transition-colors hover:border-line-strong';
