import { QueryClient } from '@tanstack/react-query';
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
    expect(invalidate).not.toHaveBeenCalled();
    source.emit('resync', '{}');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messageKeys.mine(7) });
    expect(liveConnection.status).toBe('open');
    expect(FakeEventSource.last).toBe(source);
    release();
  });
});
