import { useRef } from 'react';

/** Which pair of arrow keys steps through a row: tab lists run across, menus down. */
export type Orientation = 'horizontal' | 'vertical';

const STEP_KEYS: Record<Orientation, { next: string; previous: string }> = {
  horizontal: { next: 'ArrowRight', previous: 'ArrowLeft' },
  vertical: { next: 'ArrowDown', previous: 'ArrowUp' },
};

/**
 * Where a key moves the focus in a row of `count` items from the item at `index`: the arrows
 * step (past either end round to the other), Home and End jump to the ends; null for any other key.
 */
export function focusTarget(key: string, index: number, count: number, orientation: Orientation): number | null {
  const { next, previous } = STEP_KEYS[orientation];
  if (key === next) return (index + 1) % count;
  if (key === previous) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** The elements of a row by position: `refAt(i)` is the ref of the i-th, `refs` holds them all. */
export function useRowRefs<T extends HTMLElement>() {
  const refs = useRef<(T | null)[]>([]);
  const refAt = (index: number) => (element: T | null) => {
    refs.current[index] = element;
  };
  return { refs, refAt };
}
