import { LOCAL_STORAGE_PREFIX } from '../../../common/constants';

/**
 * What the browser keeps for a logged-in user (docs/decisions/015): every key starts with
 * `tgs_local_` and carries the user's id, so a second account on the same browser never
 * reads the first one's conversations, and logout can remove them all by prefix.
 */
export function localKey(name: string, userId: number): string {
  return `${LOCAL_STORAGE_PREFIX}${name}_${userId}`;
}

/** Where the messages not yet accepted by the server wait (retry or discard). */
export const outboxKey = (userId: number) => localKey('outbox', userId);

export function readLocal<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage (private mode): the page still works, only the offline copy is missing.
  }
}

/** How many messages of the user still wait in the outbox. */
export function unsentCount(userId: number): number {
  const outbox = readLocal<unknown>(outboxKey(userId));
  return Array.isArray(outbox) ? outbox.length : 0;
}

/** Removes every `tgs_local_` key (all users' copies): nothing of a session stays behind logout. */
export function clearLocalData(): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(LOCAL_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage not available: there is nothing to clear.
  }
}
