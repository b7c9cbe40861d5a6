import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A surface that groups content; quiet border, no shadow (shadows are for floating things). */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded border border-line bg-surface', className)} {...props} />;
}
