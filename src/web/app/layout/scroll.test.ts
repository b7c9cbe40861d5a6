import { describe, expect, it } from 'vitest';
import { SCROLL_STORAGE_KEY, forgetScrollOfNewVisit, scrollKey } from './scroll';

function storage(positions: Record<string, number>) {
  const data = new Map([[SCROLL_STORAGE_KEY, JSON.stringify(positions)]]);
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    positions: () => JSON.parse(data.get(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>,
  };
}

describe('scroll positions', () => {
  it('keys an entry the app made by its key, and a first page of a load by its address', () => {
    expect(scrollKey({ key: 'k3x9', pathname: '/tattooartists', search: '' })).toBe('k3x9');
    // Every first page of a load has the key "default": the guest spots and the artist list must not share a position.
    expect(scrollKey({ key: 'default', pathname: '/guestspots', search: '' })).not.toBe(scrollKey({ key: 'default', pathname: '/tattooartists', search: '' }));
    expect(scrollKey({ key: 'default', pathname: '/guestspots', search: '?style=3' })).toBe('entry:/guestspots?style=3');
  });

  it('starts a page opened anew at the top, and keeps the position for a reload and for back and forward', () => {
    const here = { key: 'default', pathname: '/tattooartists', search: '' };
    const kept = { 'entry:/tattooartists': 2646, 'entry:/guestspots': 900, k3x9: 300 };

    const opened = storage(kept);
    forgetScrollOfNewVisit(here, 'navigate', opened);
    expect(opened.positions()).toEqual({ 'entry:/guestspots': 900, k3x9: 300 });

    for (const type of ['reload', 'back_forward', undefined]) {
      const again = storage(kept);
      forgetScrollOfNewVisit(here, type, again);
      expect(again.positions(), String(type)).toEqual(kept);
    }
  });
});
