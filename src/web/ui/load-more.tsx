import { Button, type ButtonSize } from './button';

/** The part of a paged query the button needs (TanStack's infinite queries fit it). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button that fetches the next page of a paged list, busy while that page loads; nothing
 * once the last page is in. `className` places it (centred under the list by default).
 */
export function LoadMoreButton({ query, label, size, className = 'flex justify-center' }: { query: PagedQuery; label: string; size?: ButtonSize; className?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className={className}>
      <Button size={size} onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {label}
      </Button>
    </div>
  );
}
