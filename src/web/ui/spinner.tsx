import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

/** A turning circle for work in progress; pass a label when nothing else says what is loading. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-[1.25em] animate-spin" />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
