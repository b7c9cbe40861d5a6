import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, upload } from './api';
import { idempotentUpload, newIdempotencyKey } from './idempotent-upload';

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

/** How a promise ends, as a value or an error (real timers: the retries wait 1 and 3 seconds). */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then((value) => ({ value }), (error: unknown) => ({ error }));
}

describe('uploads with an Idempotency-Key', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes version 4 UUIDs', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends one key per upload and the same key again after a lost connection and a 409', { timeout: 15_000 }, async () => {
    const sent = scriptXhr(['network', { status: 409, body: { error: 'still running' } }, { status: 201, body: { id: 5 } }, { status: 201, body: { id: 6 } }]);
    expect((await settle(idempotentUpload<{ id: number }>('/api/gallery', new FormData()))).value).toEqual({ id: 5 });
    expect(sent).toHaveLength(3);
    const key = sent[0]?.['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.map((h) => h['Idempotency-Key'])).toEqual([key, key, key]);

    expect((await settle(idempotentUpload('/api/gallery', new FormData()))).value).toEqual({ id: 6 });
    expect(sent[3]?.['Idempotency-Key']).not.toBe(key);
  });

  it('gives up after three attempts with the last failure, and never retries a refusal', { timeout: 15_000 }, async () => {
    const sent = scriptXhr(['network', 'network', 'network']);
    expect((await settle(idempotentUpload('/api/gallery', new FormData()))).error).toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(3);

    const refusedSent = scriptXhr([{ status: 422, body: { error: 'other content' } }]);
    expect((await settle(idempotentUpload('/api/gallery', new FormData()))).error).toMatchObject({ status: 422, message: 'other content' });
    expect(refusedSent).toHaveLength(1);
  });

  it('sends no key and tries once where the route takes none', async () => {
    const sent = scriptXhr(['network']);
    await expect(upload('/api/admin/cities/import', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.['Idempotency-Key']).toBeUndefined();
  });
});
