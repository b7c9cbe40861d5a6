import { Star, StarHalf } from 'lucide-react';
import { cn } from '../../../ui/cn';

export type StarFill = 'full' | 'half' | 'empty';

/** Five stars for a rating: full up to the whole part, a half star when the fraction is at least .5, then empty. */
export function starFills(value: number): StarFill[] {
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  return Array.from({ length: 5 }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
}

/**
 * The rating as five stars; decorative (the caller writes the number or a label for screen
 * readers), marked with data-fill so tests and styles can tell them apart.
 */
export function Stars({ value, size = 'md', className }: { value: number; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const box = size === 'sm' ? 'size-4' : size === 'lg' ? 'size-7' : 'size-5';
  return (
    <span aria-hidden="true" className={cn('inline-flex items-center gap-0.5', className)}>
      {starFills(value).map((fill, i) =>
        fill === 'half' ? (
          <span key={i} data-fill="half" className={cn('relative inline-block', box)}>
            <Star className={cn('absolute inset-0 text-ink-muted', box)} />
            <StarHalf className={cn('absolute inset-0 fill-current text-ink', box)} />
          </span>
        ) : (
          <Star key={i} data-fill={fill} className={cn(box, fill === 'full' ? 'fill-current text-ink' : 'text-ink-muted')} />
        ),
      )}
    </span>
  );
}
