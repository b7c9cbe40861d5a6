import type { LiveEvent } from '../../common/schemas/messages';

/** What the tab's live stream tells its listeners: each event, and that events may have been missed (after a reconnect). */
export type LiveSignal = LiveEvent | { type: 'live.gap' };

const listeners = new Set<(signal: LiveSignal) => void>();

/**
 * The tab's one live stream (features/messages/live/connection.ts, docs/decisions/015) passes
 * every event here too, so a feature other than messaging (the notification bell) hears it
 * without importing messaging or opening a stream of its own.
 */
export function onLiveSignal(listener: (signal: LiveSignal) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitLiveSignal(signal: LiveSignal): void {
  for (const listener of listeners) listener(signal);
}
