import { describe, expect, it } from 'vitest';
import { todayInBerlin } from './listing-limits';

describe('todayInBerlin', () => {
  it('is the calendar day in Berlin, which starts one hour (winter) or two (summer) before UTC', () => {
    expect(todayInBerlin(new Date('2026-01-15T22:59:00Z'))).toBe('2026-01-15');
    expect(todayInBerlin(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(todayInBerlin(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(todayInBerlin(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
    expect(todayInBerlin(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
