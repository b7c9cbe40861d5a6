import { vi } from 'vitest';
import type { ArtistListItem } from '../../common/schemas/artists';
import { answerFetch, jsonResponse } from './factories';

/** Answers what the artist list page asks for: no styles, no places, and `items` as its one page. */
export function serveArtistList(items: ArtistListItem[]): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerFetch({
        '/api/styles': () => jsonResponse([]),
        '/countries-cities-completed.json': () => jsonResponse([]),
        '/api/artists': () => jsonResponse({ items, total: items.length, page: 1, pageSize: 12 }),
      }),
    ),
  );
}
