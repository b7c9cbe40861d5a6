/**
 * The outbox: side effects of a write (mails, live events, cache tags) stored with the write and
 * delivered after it commits (docs/decisions/039). Modules define their event kinds once;
 * `scheduleOutbox` runs the worker that picks up what no nudge delivered.
 */
export { backoffMs, CLAIM_MS, createOutbox, eventKey, MAX_ATTEMPTS, type DeliveredEvent, type Emitted, type EventDefinition, type EventKind, type Outbox } from './outbox';
export { defineChange, definePrompt, type ChangeEvent, type PromptEvent, type Within } from './changes';
export { scheduleOutbox, OUTBOX_POLL_MS } from './schedule';
export type { KindStatus, Writer } from './repo';
