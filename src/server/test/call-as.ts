import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';
import type { TestUser } from './factories';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** Who calls: a test user's session, or nobody (a visitor). */
  as?: TestUser | null;
  payload?: object;
  /** The Accept-Language the call sends; English unless a test checks another language. */
  lang?: string;
}

/** One API call as a given user (or a visitor) in a given language: what the admin tests send again and again. */
export function callerFor(t: TestApp): (method: Method, url: string, opts?: CallOptions) => Promise<LightMyRequestResponse> {
  return (method, url, opts = {}) =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': opts.lang ?? 'en', ...(opts.as ? { cookie: opts.as.cookie } : {}) },
      ...(opts.payload === undefined ? {} : { payload: opts.payload }),
    });
}
