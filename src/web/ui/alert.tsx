import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertTone = 'info' | 'success' | 'error';

const TONES: Record<AlertTone, string> = {
  info: 'bg-info-soft text-ink border-line',
  success: 'bg-success-soft text-ink border-success',
  error: 'bg-danger-soft text-ink border-danger',
};

const ICONS = { info: Info, success: CircleCheck, error: CircleAlert };
const ICON_TONES: Record<AlertTone, string> = { info: 'text-ink-muted', success: 'text-success', error: 'text-danger' };

/**
 * An inline message that needs reading. Errors are announced at once (role alert), the
 * others politely (role status).
 */
export function Alert({
  tone = 'info',
  title,
  children,
  action,
  className,
  id,
  tabIndex,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  id?: string;
  tabIndex?: number;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      id={id}
      tabIndex={tabIndex}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded border-l-4 p-4 text-sm', TONES[tone], className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', ICON_TONES[tone])} />
      <div className="min-w-0 flex-1 space-y-2">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
        {action}
      </div>
    </div>
  );
}
