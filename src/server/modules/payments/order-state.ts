import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './repo';

export type { OrderStatus } from './repo';
type OrderStatus = repo.OrderStatus;

/**
 * Where an order may go from each status. `completed` and `failed` are final. An expired or
 * cancelled order can still complete: the provider may report a capture after we gave up on it,
 * and the money was taken.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['capturing', 'pending', 'completed', 'failed', 'cancelled', 'expired'],
  // Back to created when the provider says the buyer has not approved yet.
  capturing: ['created', 'pending', 'completed', 'failed', 'cancelled', 'expired'],
  // A held capture is looked at again (capturing), never given up as expired.
  pending: ['capturing', 'completed', 'failed', 'cancelled'],
  expired: ['completed'],
  cancelled: ['completed'],
  completed: [],
  failed: [],
};

/** Orders still waiting on the buyer or the provider: what the reconciler looks at. */
export const OPEN = ['created', 'capturing', 'pending'] as const satisfies readonly OrderStatus[];
/** Orders that completion may still take: open ones, and closed ones the provider says were paid after all. */
export const COMPLETABLE = ['created', 'capturing', 'pending', 'expired', 'cancelled'] as const satisfies readonly OrderStatus[];

export class IllegalOrderTransition extends Error {
  constructor(from: string, to: string) {
    super(`a payment order never moves from ${from} to ${to}`);
    this.name = 'IllegalOrderTransition';
  }
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Throws unless every one of `from` may move to `to`: a wrong guard is a bug, caught before it writes. */
export function assertTransition(from: readonly OrderStatus[], to: OrderStatus): void {
  for (const status of from) if (!canMove(status, to)) throw new IllegalOrderTransition(status, to);
}

/**
 * Moves an order from one of `from` to `to` (see `repo.transition`: the status in the where
 * clause lets exactly one of parallel callers make the move); true when this call made it.
 */
export async function moveOrder(
  db: Kysely<Database>,
  id: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  fields: Parameters<typeof repo.transition>[4],
): Promise<boolean> {
  assertTransition(from, to);
  return repo.transition(db, id, from, to, fields);
}
