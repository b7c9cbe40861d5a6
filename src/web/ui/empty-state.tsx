import type { ReactNode } from 'react';
import { cn } from './cn';

/** Says what is missing and offers the one action that fills it. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded border border-dashed border-line-strong px-6 py-10 text-center', className)}>
      {icon && <div className="text-ink-muted [&_svg]:size-8">{icon}</div>}
      <p className="font-semibold">{title}</p>
      {description && <p className="max-w-[50ch] text-sm text-ink-muted">{description}</p>}
      {action}
    </div>
  );
}
