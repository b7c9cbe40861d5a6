import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, newIdempotencyKey, upload } from './api';

type Outcome = { status: number; body?: unknown } | 'network';

/** An XMLHttpRequest that answers each send with the next scripted outcome and records the headers sent. */
function scriptXhr(outcomes: Outcome[]) {
  const sent: Record<string, string>[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload = { onprogress: null as unknown };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    abort() {}
    send() {
      sent.push(this.headers);
      const outcome = outcomes.shift() ?? 'network';
      queueMicrotask(() => {
        if (outcome === 'network') return this.onerror?.();
        this.status = outcome.status;
        this.responseText = JSON.stringify(outcome.body ?? {});
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('upload', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('makes version 4 UUIDs', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends one key per upload and the same key again after a lost connection and a 409', async () => {
    vi.useFakeTimers();
    const sent = scriptXhr(['network', { status: 409, body: { error: 'still running' } }, { status: 201, body: { id: 5 } }]);
    const done = upload<{ id: number }>('/api/gallery', new FormData(), { idempotent: true });
    await vi.runAllTimersAsync();
    await expect(done).resolves.toEqual({ id: 5 });
    expect(sent).toHaveLength(3);
    const key = sent[0]?.['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.map((h) => h['Idempotency-Key'])).toEqual([key, key, key]);

    const next = upload('/api/gallery', new FormData(), { idempotent: true });
    await vi.runAllTimersAsync();
    await next.catch(() => undefined);
    expect(sent[3]?.['Idempotency-Key']).not.toBe(key);
  });

  it('gives up after three attempts with the last failure, and never retries a refusal', async () => {
    vi.useFakeTimers();
    const sent = scriptXhr(['network', 'network', 'network']);
    const failed = upload('/api/gallery', new FormData(), { idempotent: true }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await failed).toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(3);

    const refusedSent = scriptXhr([{ status: 422, body: { error: 'other content' } }]);
    const refused = upload('/api/gallery', new FormData(), { idempotent: true }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await refused).toMatchObject({ status: 422, message: 'other content' });
    expect(refusedSent).toHaveLength(1);
  });

  it('sends no key and tries once where the route takes none', async () => {
    const sent = scriptXhr(['network']);
    await expect(upload('/api/admin/cities/import', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.['Idempotency-Key']).toBeUndefined();
  });
});
