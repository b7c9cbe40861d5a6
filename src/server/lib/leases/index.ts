import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index';
import * as repo from './repo';

/**
 * Leases on named work (`job_leases`): the process whose row names it runs the work, and keeps
 * it by renewing before `expires_at`; once a holder stops renewing (it died, or hung), the row
 * passes to whoever asks after it expired. Every clock reading is the caller's `now`, so a test
 * moves time without waiting.
 */
export interface Leases {
  /** Who this process is in the table. */
  readonly holder: string;
  /**
   * Takes the lease, or renews it when this holder has it, until `now + ttlMs`. Answers whether
   * this holder has it now; a live lease of another holder stays untouched.
   */
  take(name: string, ttlMs: number, now?: Date): Promise<boolean>;
  /** Gives the lease up at once (a closing process), when this holder has it. */
  release(name: string): Promise<void>;
}

/** A holder name that differs per process and per app within one (tests run several apps). */
export function newHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function createLeases(db: Db, holder = newHolder()): Leases {
  return {
    holder,
    take: (name, ttlMs, now = new Date()) => repo.takeLease(db, name, holder, now.toISOString(), new Date(now.getTime() + ttlMs).toISOString()),
    release: (name) => repo.releaseLease(db, name, holder),
  };
}
