import { describe, expect, it } from 'vitest';
import { formatOutboxStatus } from './outbox-status';

describe('the outbox status table', () => {
  it('says so when everything was delivered', () => {
    expect(formatOutboxStatus([])).toBe('Outbox: every event delivered.');
  });

  it('lines up one row per kind', () => {
    const text = formatOutboxStatus([
      { kind: 'auth.password-reset-requested', pending: 2, retrying: 0, failed: 1, oldest: '2030-01-01T00:00:00.000Z' },
      { kind: 'payment.completed', pending: 0, retrying: 12, failed: 0, oldest: '2030-01-02T00:00:00.000Z' },
    ]);
    expect(text.split('\n')).toEqual([
      'kind                           pending  retrying  failed  oldest',
      'auth.password-reset-requested        2         0       1  2030-01-01T00:00:00.000Z',
      'payment.completed                    0        12       0  2030-01-02T00:00:00.000Z',
    ]);
  });
});
