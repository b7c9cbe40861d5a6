import { describe, expect, it } from 'vitest';
import { MATCH_WEIGHTS, overlapDays, rankMatches, scoreMatch, type Matchable } from './matches';

const listing = (over: Partial<Matchable>): Matchable => ({
  startDate: '2026-06-01',
  endDate: '2026-06-10',
  countryId: 1,
  cityId: 10,
  cityName: 'Berlin',
  styles: [],
  ...over,
});

describe('overlapDays', () => {
  it('counts shared days with both ends included', () => {
    const a = { startDate: '2026-06-01', endDate: '2026-06-10' };
    expect(overlapDays(a, a)).toBe(10);
    expect(overlapDays(a, { startDate: '2026-06-10', endDate: '2026-07-01' })).toBe(1);
    expect(overlapDays(a, { startDate: '2026-06-11', endDate: '2026-07-01' })).toBe(0);
    expect(overlapDays({ startDate: '2026-03-28', endDate: '2026-03-30' }, { startDate: '2026-01-01', endDate: '2026-12-31' })).toBe(3);
  });
});

describe('scoreMatch', () => {
  it('adds days (up to a month), city, country and each shared style', () => {
    const spot = listing({ styles: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }] });
    const reasons = scoreMatch(spot, listing({ styles: [{ id: 2, name: 'B' }, { id: 3, name: 'C' }] }));
    expect(reasons).toEqual({
      score: 10 + MATCH_WEIGHTS.sameCity + MATCH_WEIGHTS.sameCountry + MATCH_WEIGHTS.perStyle,
      overlapDays: 10,
      sameCity: true,
      sameCountry: true,
      sharedStyles: [{ id: 2, name: 'B' }],
    });
    const long = scoreMatch(listing({ endDate: '2026-12-31', cityId: null, countryId: null, cityName: null }), listing({ endDate: '2026-12-31', countryId: 2, cityId: 20 }));
    expect(long.score).toBe(MATCH_WEIGHTS.dayMax);
  });

  it('treats hand-typed cities with the same name as the same city unless the countries differ', () => {
    expect(scoreMatch(listing({ cityId: null, cityName: 'Kleinstadt' }), listing({ cityId: null, cityName: 'KLEINSTADT' })).sameCity).toBe(true);
    expect(scoreMatch(listing({ cityId: null, cityName: 'Paris' }), listing({ cityId: null, cityName: 'Paris', countryId: 2 })).sameCity).toBe(false);
  });
});

describe('rankMatches', () => {
  it('orders by score, then the longer overlap, then the sooner start', () => {
    const item = (id: number, score: number, overlap: number, startDate: string) => ({
      id,
      startDate,
      reasons: { score, overlapDays: overlap, sameCity: false, sameCountry: false, sharedStyles: [] },
    });
    const ranked = rankMatches([item(1, 10, 2, '2026-01-05'), item(2, 20, 1, '2026-01-01'), item(3, 10, 5, '2026-01-09'), item(4, 10, 2, '2026-01-01')], 3);
    expect(ranked.map((r) => r.id)).toEqual([2, 3, 4]);
  });
});
