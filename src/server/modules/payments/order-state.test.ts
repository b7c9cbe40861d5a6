import { describe, expect, it } from 'vitest';
import { assertTransition, canMove, COMPLETABLE, IllegalOrderTransition, moveOrder, OPEN, ORDER_TRANSITIONS, type OrderStatus } from './order-state';

const ALL = Object.keys(ORDER_TRANSITIONS) as OrderStatus[];

describe('the payment order state machine', () => {
  it('walks the paths an order takes', () => {
    // Bought: created, captured at the provider, completed.
    expect(canMove('created', 'capturing')).toBe(true);
    expect(canMove('capturing', 'completed')).toBe(true);
    // A held capture, looked at again and then paid.
    expect(canMove('capturing', 'pending')).toBe(true);
    expect(canMove('pending', 'capturing')).toBe(true);
    expect(canMove('pending', 'completed')).toBe(true);
    // Captured before approval: back to waiting.
    expect(canMove('capturing', 'created')).toBe(true);
    // Declined, voided, cancelled by the buyer, never approved in time.
    for (const to of ['failed', 'cancelled'] as const) for (const from of OPEN) expect(canMove(from, to)).toBe(true);
    expect(canMove('created', 'expired')).toBe(true);
    expect(canMove('capturing', 'expired')).toBe(true);
    // The provider reports a capture after we gave up: the money was taken, the order completes.
    expect(canMove('expired', 'completed')).toBe(true);
    expect(canMove('cancelled', 'completed')).toBe(true);
  });

  it('keeps completed and failed orders final', () => {
    for (const to of ALL) {
      expect(canMove('completed', to)).toBe(false);
      expect(canMove('failed', to)).toBe(false);
    }
  });

  it('refuses the moves the flow never makes', () => {
    expect(canMove('pending', 'expired')).toBe(false);
    expect(canMove('pending', 'created')).toBe(false);
    expect(canMove('expired', 'created')).toBe(false);
    expect(canMove('cancelled', 'capturing')).toBe(false);
    expect(canMove('created', 'created')).toBe(false);
  });

  it('completes from every completable status, and only from those', () => {
    expect(() => assertTransition(COMPLETABLE, 'completed')).not.toThrow();
    expect(ALL.filter((s) => canMove(s, 'completed')).sort()).toEqual([...COMPLETABLE].sort());
  });

  it('names the illegal move when a guard lists one', () => {
    expect(() => assertTransition(['created', 'completed'], 'failed')).toThrow(IllegalOrderTransition);
    expect(() => assertTransition(['pending'], 'expired')).toThrow('a payment order never moves from pending to expired');
  });

  it('refuses an illegal move before it touches the database', async () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('the database was used'); } });
    await expect(moveOrder(untouchable as never, 'some-id', ['failed'], 'completed', { updated_at: new Date().toISOString() })).rejects.toThrow(IllegalOrderTransition);
  });
});
