import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Answers fetch calls by method and path prefix (`'POST /api/payments/create-order'`), the
 * longest prefix first, and records each call with its JSON body; an unexpected call fails.
 */
export function mockApi(routes: Record<string, (url: string, body: unknown) => Response | Promise<Response>>): ApiCall[] {
  const calls: ApiCall[] = [];
  const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const key = keys.find((k) => {
        const [m, prefix] = k.split(' ') as [string, string];
        return m === method && url.startsWith(prefix);
      });
      if (!key) throw new Error(`unexpected request ${method} ${url}`);
      return (routes[key] as (url: string, body: unknown) => Response | Promise<Response>)(url, body);
    }),
  );
  return calls;
}
