import { describe, expect, it } from 'vitest';
import { MATCH_WEIGHTS, countriesFit, countryRule, overlapDays, rankMatches, scoreMatch, type Matchable } from './matches';

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

describe('countries', () => {
  it('fit when the availability names the spot’s country or none (open to anywhere)', () => {
    expect(countriesFit({ countryId: 1 }, { countryId: 1 })).toBe(true);
    expect(countriesFit({ countryId: null }, { countryId: 2 })).toBe(true);
    expect(countriesFit({ countryId: null }, { countryId: null })).toBe(true);
    expect(countriesFit({ countryId: 1 }, { countryId: 2 })).toBe(false);
    expect(countriesFit({ countryId: 1 }, { countryId: null })).toBe(false);
  });

  it('narrow the candidates by the same rule, seen from either side', () => {
    // An artist's entry looks for spots: in its country, or anywhere without one.
    expect(countryRule({ countryId: 1 }, 'target')).toEqual({ countryId: 1, orAnywhere: false });
    expect(countryRule({ countryId: null }, 'target')).toBeNull();
    // A studio's spot looks for entries in its country or open to anywhere.
    expect(countryRule({ countryId: 1 }, 'candidate')).toEqual({ countryId: 1, orAnywhere: true });
    expect(countryRule({ countryId: null }, 'candidate')).toEqual({ countryId: null, orAnywhere: true });
  });
});

describe('scoreMatch', () => {
  it('adds days (capped), each style in common, the same city and country, with the reasons', () => {
    const spot = listing({ styles: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }] });
    expect(scoreMatch(spot, listing({ styles: [{ id: 2, name: 'B' }, { id: 3, name: 'C' }] }))).toEqual({
      score: 10 + MATCH_WEIGHTS.perStyle + MATCH_WEIGHTS.sameCity + MATCH_WEIGHTS.sameCountry,
      reasons: { daysInCommon: 10, sameCity: true, sameCountry: true, stylesInCommon: [{ id: 2, name: 'B' }] },
    });
    const long = scoreMatch(listing({ endDate: '2026-12-31', cityId: null, countryId: null, cityName: null }), listing({ endDate: '2026-12-31', countryId: 2, cityId: 20 }));
    expect(long).toEqual({ score: MATCH_WEIGHTS.dayMax, reasons: { daysInCommon: 214, sameCity: false, sameCountry: false, stylesInCommon: [] } });
  });

  it('weighs one style in common above any number of shared days, and above the same city', () => {
    const spot = listing({ endDate: '2026-12-31', styles: [{ id: 5, name: 'Fine Line' }] });
    const longStayOtherStyle = scoreMatch(spot, listing({ endDate: '2026-12-31', styles: [{ id: 6, name: 'Realism' }] }));
    const oneDaySameStyle = scoreMatch(spot, listing({ startDate: '2026-12-31', endDate: '2027-01-05', cityId: 11, cityName: 'Köln', styles: [{ id: 5, name: 'Fine Line' }] }));
    expect(oneDaySameStyle.reasons).toMatchObject({ daysInCommon: 1, sameCity: false });
    expect(longStayOtherStyle.reasons).toMatchObject({ sameCity: true, stylesInCommon: [] });
    expect(oneDaySameStyle.score).toBeGreaterThan(longStayOtherStyle.score);
  });

  it('treats hand-typed cities with the same name as the same city unless the countries differ', () => {
    expect(scoreMatch(listing({ cityId: null, cityName: 'Kleinstadt' }), listing({ cityId: null, cityName: 'KLEINSTADT' })).reasons.sameCity).toBe(true);
    expect(scoreMatch(listing({ cityId: null, cityName: 'Paris' }), listing({ cityId: null, cityName: 'Paris', countryId: 2 })).reasons.sameCity).toBe(false);
  });
});

describe('rankMatches', () => {
  it('orders by score, then more days in common, then the sooner start', () => {
    const item = (id: number, score: number, days: number, startDate: string) => ({
      id,
      startDate,
      score,
      reasons: { daysInCommon: days, sameCity: false, sameCountry: false, stylesInCommon: [] },
    });
    const ranked = rankMatches([item(1, 10, 2, '2026-01-05'), item(2, 20, 1, '2026-01-01'), item(3, 10, 5, '2026-01-09'), item(4, 10, 2, '2026-01-01')], 3);
    expect(ranked.map((r) => r.id)).toEqual([2, 3, 4]);
  });
});
