import type { QueryClient } from '@tanstack/react-query';
import { RESYNC_EVENT, type LiveEvent } from '../../../../common/schemas/messages';
import { emitLiveSignal } from '../../../lib/live-events';
import { applyLiveEvent, refetchAfterGap, refetchLoadedBefore } from '../cache';

export const LIVE_EVENT_TYPES = ['message.created', 'message.deleted', 'conversation.read', 'unread.count', 'notification.created', 'notifications.read', 'deal.changed'] as const;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'waiting';

/** What the test page shows: each event as it came, and the connection's changes. */
export interface LiveLogEntry {
  at: string;
  kind: 'event' | 'status';
  text: string;
}

const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
// Screens come and go while navigating; the stream outlives a screen by this much.
const RELEASE_GRACE_MS = 2_000;
const LOG_SIZE = 100;

/**
 * The one EventSource of a tab (docs/decisions/015), shared by every screen that shows messages: the
 * first user opens it, the last one closes it. On any error it is closed and opened again with
 * a growing delay; after a gap, or when the server says it missed events (`resync`), everything
 * messaging shows is asked for again, since events of the gap are lost.
 */
class LiveConnection {
  private source: EventSource | null = null;
  private me: number | null = null;
  private qc: QueryClient | null = null;
  private users = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;
  private delay = BACKOFF_START_MS;
  private hadGap = false;
  status: LiveStatus = 'idle';
  log: LiveLogEntry[] = [];
  private listeners = new Set<() => void>();

  acquire(me: number, qc: QueryClient): () => void {
    clearTimeout(this.releaseTimer);
    if (this.me !== me || this.qc !== qc) {
      this.close();
      this.me = me;
      this.qc = qc;
      this.users = 0;
    }
    this.users++;
    if (!this.source && this.status !== 'waiting') this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users--;
      if (this.users <= 0) this.releaseTimer = setTimeout(() => this.users <= 0 && this.close(), RELEASE_GRACE_MS);
    };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private record(kind: LiveLogEntry['kind'], text: string) {
    this.log = [{ at: new Date().toISOString(), kind, text }, ...this.log].slice(0, LOG_SIZE);
    for (const listener of this.listeners) listener();
  }

  private setStatus(status: LiveStatus) {
    this.status = status;
    this.record('status', status);
  }

  private open() {
    if (typeof EventSource === 'undefined' || this.me === null) return;
    this.setStatus('connecting');
    const source = new EventSource('/api/events', { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.delay = BACKOFF_START_MS;
      this.setStatus('open');
      if (this.hadGap) this.resync();
      else if (this.qc && this.me !== null) refetchLoadedBefore(this.qc, this.me, Date.now());
      this.hadGap = false;
    };
    // The server lost events on their way between its processes: the same refresh as after a gap of ours.
    source.addEventListener(RESYNC_EVENT, () => {
      if (this.source !== source) return;
      this.record('event', RESYNC_EVENT);
      this.resync();
    });
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.hadGap = true;
      this.setStatus('waiting');
      const wait = this.delay + Math.random() * 500;
      this.delay = Math.min(this.delay * 2, BACKOFF_MAX_MS);
      this.retryTimer = setTimeout(() => {
        this.status = 'idle';
        if (this.users > 0) this.open();
      }, wait);
    };
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (event) => this.receive(type, (event as MessageEvent<string>).data));
    }
  }

  /** Asks again for everything messaging shows, and tells the other features (the bell) to. */
  private resync() {
    if (this.qc && this.me !== null) refetchAfterGap(this.qc, this.me);
    emitLiveSignal({ type: 'live.gap' });
  }

  private receive(type: LiveEvent['type'], data: string) {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    const event = { ...(payload as object), type } as LiveEvent;
    this.record('event', `${type} ${data}`);
    if (this.qc && this.me !== null) applyLiveEvent(this.qc, this.me, event);
    // Other features (the notification bell) hear the tab's one stream too.
    emitLiveSignal(event);
  }

  close() {
    clearTimeout(this.retryTimer);
    clearTimeout(this.releaseTimer);
    if (this.source) {
      this.source.close();
      this.source = null;
    }
    if (this.status !== 'idle') this.setStatus('idle');
  }
}

export const liveConnection = new LiveConnection();
