import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { api, ApiError } from './api';

/** A fetch that never answers, only rejects as aborted when its signal aborts. */
const stubHangingFetch = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ),
  );

describe('api', () => {
  it('sends credentials, no-cache headers, the language and a JSON body', async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, id: 7 }, 201));
    vi.stubGlobal('fetch', fetch);
    await expect(api.post<{ id: number }>('/api/things', { a: 1 })).resolves.toEqual({ success: true, id: 7 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/things');
    expect(init.credentials).toBe('include');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Pragma')).toBe('no-cache');
    expect(headers.get('X-Language')).toBe('en');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it("uses the answer's error, then its message, then the status", async () => {
    const fail = (body: unknown, status: number, statusText = '') =>
      vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } })));

    fail({ success: false, error: 'Bitte melde dich zuerst an.', message: 'x', code: 'unauthorized' }, 401);
    const first = await api.get('/api/x').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 401, message: 'Bitte melde dich zuerst an.', code: 'unauthorized' });

    fail({ message: 'Only a message' }, 400);
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'Only a message' });

    fail({}, 503, 'Service Unavailable');
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 503, message: 'Error 503: Service Unavailable' });
  });

  it('reports a missing answer in the interface language', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 0,
      message: 'No response received from server. Please check your connection.',
    });
  });

  it('gives up after the timeout', async () => {
    stubHangingFetch();
    await expect(api.get('/api/slow', { timeoutMs: 10 })).rejects.toMatchObject({ status: 0 });
  });

  it('passes a cancellation by the caller on as it is', async () => {
    stubHangingFetch();
    const controller = new AbortController();
    const call = api.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
