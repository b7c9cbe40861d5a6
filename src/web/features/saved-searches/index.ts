import { createElement, lazy, Suspense } from 'react';
import type { SaveSearchButtonProps } from './save-search-button';

/**
 * Saved searches: the "Save this search" button of the public lists and the dashboard's list of
 * the own searches. Both load apart from the pages that mount them: the public lists' first load
 * carries neither the button nor its texts (the bundle budget), and the button's dialog loads only
 * when it opens.
 */
const LazyButton = lazy(() => import('./save-search-button').then((m) => ({ default: m.SaveSearchButton })));

/** "Save this search"; its place is kept while it loads, so the list below does not move. */
export function SaveSearchButton(props: SaveSearchButtonProps) {
  return createElement(Suspense, { fallback: createElement('span', { className: 'block h-11', 'aria-hidden': true }) }, createElement(LazyButton, props));
}
export type { SaveSearchButtonProps };
export const SavedSearchesCard = lazy(() => import('./saved-searches-card').then((m) => ({ default: m.SavedSearchesCard })));
