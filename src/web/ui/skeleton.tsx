import { cn } from './cn';

/** A grey block standing in for content that is loading; shape it like what will come. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded bg-sunken', className)} />;
}
