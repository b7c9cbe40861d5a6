/**
 * Named fault points: steps where `npm run faults` kills the process with SIGKILL, to prove
 * that a restart and a retry lose and double nothing. Only a process started with
 * NODE_ENV=test and FAULT_POINT=<name> arms one (config.ts refuses FAULT_POINT otherwise); an
 * unarmed point costs one comparison.
 */
export const FAULT_POINTS = [
  /** An upload's form has begun arriving; its file is not read to the end. */
  'upload-mid-transfer',
  /** Every variant of an upload is in storage; no row names them yet. */
  'upload-after-store',
  /** The upload's row is committed; its Idempotency-Key is still running and no answer left. */
  'upload-after-row',
  /** The order is `capturing` (committed); the provider has not been asked to capture. */
  'payment-before-capture',
  /** The provider captured; our order still says `capturing`. */
  'payment-after-capture',
  /** The order's completion (entitlement, receipt number) is committed; the buyer has no answer. */
  'payment-after-complete',
  /** A write committed with its outbox events; none is delivered, no tag cleared, no answer sent. */
  'outbox-after-commit',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

let armed: FaultPoint | null = null;

/** Arms the one point this process dies at (from the validated config), or none. */
export function armFaultPoint(name: FaultPoint | null): void {
  armed = name;
}

/**
 * Dies here when this point is armed: SIGKILL, as the kernel's OOM killer or `kill -9` would,
 * so no handler, finally block or pending write runs after it.
 */
export function faultPoint(name: FaultPoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
