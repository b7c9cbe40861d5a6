import { useSyncExternalStore } from 'react';
import { outboxKey, readLocal, writeLocal } from '../../lib/session';

/**
 * A message the server has not accepted yet. It keeps its `clientId` across retries, so a retry
 * after a lost answer is recognised by the server and never makes a second message.
 */
export interface OutboxEntry {
  clientId: string;
  recipientId: number;
  content: string;
  createdAt: string;
  state: 'sending' | 'failed';
  /** Why the last try failed, in the interface language. */
  error: string | null;
}

const listeners = new Set<() => void>();
const snapshots = new Map<number, OutboxEntry[]>();

function isEntry(value: unknown): value is OutboxEntry {
  const v = value as Partial<OutboxEntry> | null;
  return typeof v?.clientId === 'string' && typeof v.recipientId === 'number' && typeof v.content === 'string';
}

function load(me: number): OutboxEntry[] {
  const stored = readLocal<unknown>(outboxKey(me));
  // A send still running when the page closed has no answer any more: it is not sent.
  return Array.isArray(stored) ? stored.filter(isEntry).map((e) => (e.state === 'sending' ? { ...e, state: 'failed' } : e)) : [];
}

/** The user's outbox, oldest first. */
export function readOutbox(me: number): OutboxEntry[] {
  let list = snapshots.get(me);
  if (!list) {
    list = load(me);
    snapshots.set(me, list);
  }
  return list;
}

function write(me: number, list: OutboxEntry[]): void {
  snapshots.set(me, list);
  writeLocal(outboxKey(me), list);
  for (const listener of listeners) listener();
}

export function addToOutbox(me: number, entry: OutboxEntry): void {
  write(me, [...readOutbox(me).filter((e) => e.clientId !== entry.clientId), entry]);
}

export function updateOutbox(me: number, clientId: string, patch: Partial<OutboxEntry>): void {
  write(
    me,
    readOutbox(me).map((e) => (e.clientId === clientId ? { ...e, ...patch } : e)),
  );
}

export function removeFromOutbox(me: number, clientId: string): void {
  const list = readOutbox(me);
  if (list.some((e) => e.clientId === clientId)) write(me, list.filter((e) => e.clientId !== clientId));
}

/** Forgets the in-memory copy (another tab changed the storage, or a test starts afresh). */
export function resetOutboxCache(): void {
  snapshots.clear();
  for (const listener of listeners) listener();
}

// Another tab of the same user sending or discarding changes what this one shows.
function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith(OUTBOX_PREFIX)) resetOutboxCache();
}
const OUTBOX_PREFIX = outboxKey(0).slice(0, -1);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: OutboxEntry[] = [];

/** The outbox of the user (all conversations), updated as it changes. */
export function useOutbox(me: number | undefined): OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => (me === undefined ? EMPTY : readOutbox(me)),
    () => EMPTY,
  );
}
