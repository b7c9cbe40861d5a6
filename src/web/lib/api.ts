import { queryString } from '../../common/page-queries';
import { REQUEST_TIMEOUT_MS } from '../../common/constants';
import { currentLanguage, ensureErrorTexts, i18n } from '../i18n/i18n';

/** A failed API call: the HTTP status (0 when no answer came), the text to show and the answer body. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's stable error code (`{code}` of the answer), when it sent one. */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : undefined;
  }
}

/**
 * Whether a call failed because what it asked for does not exist: a 404, or a 400 for an id so
 * malformed that it could name nothing either.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export interface RequestOptions {
  /** Cancels the call, e.g. TanStack Query's signal when a query is dropped. */
  signal?: AbortSignal;
  /** Overrides the 30 s timeout. */
  timeoutMs?: number;
}

function baseHeaders(): Record<string, string> {
  return {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Language': currentLanguage(),
  };
}

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Replaces how calls reach the API. The server's page renderer answers them inside its own
 * process, where a root-relative fetch has no origin to go to.
 */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

// The errors namespace is loaded on demand; a failed load must not hide the original failure.
const errorTexts = () => ensureErrorTexts().catch(() => undefined);

async function noResponse(): Promise<ApiError> {
  await errorTexts();
  return new ApiError(0, i18n.t('errors:noResponse'), null);
}

/**
 * The text of a failed answer: its `error`, else its
 * `message`, else "Error {status}: {statusText}".
 */
export function errorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error.trim()) return error;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return i18n.t('errors:httpStatus', { status, statusText: statusText || String(status) });
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const headers = baseHeaders();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    let response: Response;
    let text: string;
    try {
      response = await transport(path, { method, credentials: 'include', headers, body: payload, signal: controller.signal });
      text = await response.text();
    } catch (err) {
      // A cancellation by the caller is not a failure to report; pass it on as it came.
      if (options.signal?.aborted) throw err;
      throw await noResponse();
    }
    const data = parseBody(text, response.headers.get('Content-Type'));
    if (!response.ok) {
      await errorTexts();
      throw new ApiError(response.status, errorMessage(response.status, response.statusText, data), data);
    }
    return data as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The JSON API of the server: credentials, no-cache headers, the interface language, 30 s timeout. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with 0-100 while the file goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Further request headers (an upload's Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * Sends multipart form data with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Fails with the same ApiError as the JSON calls.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries({ ...baseHeaders(), ...options.headers })) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText, xhr.getResponseHeader('Content-Type'));
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve(data as T);
      } else void errorTexts().then(() => reject(new ApiError(xhr.status, errorMessage(xhr.status, xhr.statusText, data), data)));
    };
    xhr.onerror = () => void noResponse().then(reject);
    xhr.ontimeout = () => void noResponse().then(reject);
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** A query string of the filled values only ('' when none): `?style=3&page=2`. */
export const toQuery = queryString;
