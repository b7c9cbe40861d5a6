import { Star } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { cn } from '../../../ui/cn';

const VALUES = [1, 2, 3, 4, 5] as const;

/**
 * The rating as a WAI-ARIA radio group of five stars: arrow keys move and select, Home and End
 * jump, only the checked star (or the first when none is) is a tab stop. Each star is named
 * with its number and label (1 Very Poor ... 5 Excellent), and the chosen label is shown.
 */
export function StarRatingInput({
  value,
  onChange,
  labelledBy,
  describedBy,
  disabled = false,
}: {
  value: number | null;
  onChange: (value: number) => void;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reviews');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (next: number) => {
    const clamped = ((next - 1 + VALUES.length) % VALUES.length) + 1;
    onChange(clamped);
    refs.current[clamped - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowUp: current + 1, ArrowLeft: current - 1, ArrowDown: current - 1, Home: 1, End: 5 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  const focusable = value ?? 1;
  return (
    <div className="space-y-1">
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-required="true"
        aria-disabled={disabled || undefined}
        className="flex gap-1"
      >
        {VALUES.map((n) => {
          const checked = value === n;
          return (
            <button
              key={n}
              ref={(el) => {
                refs.current[n - 1] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t('starValue', { count: n, label: t(`stars.${n}`) })}
              tabIndex={n === focusable ? 0 : -1}
              disabled={disabled}
              onClick={() => onChange(n)}
              onKeyDown={(e) => onKeyDown(e, value ?? n)}
              className="rounded p-1 text-ink hover:bg-sunken disabled:opacity-60"
            >
              <Star aria-hidden="true" className={cn('size-8', value !== null && n <= value ? 'fill-current' : 'text-ink-muted')} />
            </button>
          );
        })}
      </div>
      <p aria-hidden="true" className="min-h-6 text-sm font-semibold">
        {value ? t(`stars.${value}`) : ''}
      </p>
    </div>
  );
}
