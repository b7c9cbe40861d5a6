import { describe, expect, it } from 'vitest';
import { canonicalQuery, SEARCH_TABS } from './page-params';
import { SEARCH_TYPES } from './schemas/search';

const q = (text: string) => new URLSearchParams(text);

describe('canonicalQuery', () => {
  it('keeps only what the page reads, in the table\'s order, the first value of each', () => {
    expect(canonicalQuery('guestSpots', q('utm_source=x&q=berlin&fbclid=1&style=realism&q=other'))).toBe('?style=realism&q=berlin');
    expect(canonicalQuery('home', q('utm_source=x&gclid=y'))).toBe('');
    expect(canonicalQuery('guestSpot', q('ref=mail'))).toBe('');
  });

  it('leaves out a parameter that means its default', () => {
    expect(canonicalQuery('tattooArtists', q('page=1'))).toBe('');
    expect(canonicalQuery('tattooArtists', q('page=2&style='))).toBe('?page=2');
    expect(canonicalQuery('profile', q('tab=about'))).toBe('');
    expect(canonicalQuery('search', q('q=ink&type=all'))).toBe('?q=ink');
  });

  it('reads a value outside a closed set as the default, as the page does', () => {
    expect(canonicalQuery('profile', q('tab=messages'))).toBe('');
    expect(canonicalQuery('profile', q('tab=reviews&edit=true'))).toBe('?tab=reviews');
    expect(canonicalQuery('forum', q('language=xx'))).toBe('');
    expect(canonicalQuery('forum', q('language=de'))).toBe('?language=de');
    expect(canonicalQuery('search', q('q=ink&type=threads'))).toBe('?q=ink&type=threads');
  });

  it('keeps the whole query of a route the table does not name', () => {
    expect(canonicalQuery('login', q('next=%2Fdashboard&utm_source=x'))).toBe('?next=%2Fdashboard&utm_source=x');
  });

  it('knows the search page\'s tabs', () => {
    expect([...SEARCH_TABS]).toEqual([...SEARCH_TYPES]);
  });
});
