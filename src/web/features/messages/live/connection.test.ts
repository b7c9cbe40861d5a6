import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from '../keys';
import { liveConnection } from './connection';

/** Just enough of EventSource to open, fail and deliver named events by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
  close() {}
}

describe('the live connection', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => {
    liveConnection.close();
    vi.unstubAllGlobals();
  });

  it("refetches what messaging shows when the server says it missed events, keeping the stream open", () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const release = liveConnection.acquire(7, qc);
    const source = FakeEventSource.last as FakeEventSource;
    source.onopen?.();
    invalidate.mockClear();
    source.emit('resync', '{}');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messageKeys.mine(7) });
    expect(liveConnection.status).toBe('open');
    expect(FakeEventSource.last).toBe(source);
    release();
  });

  it('asks again, once it listens, for what was loaded before it, and not for what is still loading', async () => {
    const qc = new QueryClient();
    let count = 1;
    const unread = new QueryObserver(qc, { queryKey: messageKeys.unread(7), queryFn: () => ({ count }), staleTime: Infinity });
    const stopUnread = unread.subscribe(() => undefined);
    await vi.waitFor(() => expect(qc.getQueryData(messageKeys.unread(7))).toEqual({ count: 1 }));
    let threadCalls = 0;
    const thread = new QueryObserver(qc, { queryKey: messageKeys.thread(7, 3), queryFn: () => (threadCalls++, new Promise<never>(() => undefined)), staleTime: Infinity });
    const stopThread = thread.subscribe(() => undefined);
    // Read in another tab after this one loaded its count, before its stream listened.
    count = 0;
    const release = liveConnection.acquire(7, qc);
    (FakeEventSource.last as FakeEventSource).onopen?.();
    await vi.waitFor(() => expect(qc.getQueryData(messageKeys.unread(7))).toEqual({ count: 0 }));
    expect(threadCalls).toBe(1);
    stopUnread();
    stopThread();
    release();
  });
});
