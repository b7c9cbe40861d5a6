import http, { type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One block of a text/event-stream: an event, or a comment line (heartbeats). */
export type StreamItem = { kind: 'event'; event: string; data: unknown } | { kind: 'comment'; text: string };

export interface TestStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer's body when it was not a stream (a 401 or 429). */
  body: string;
  /** The next item of the given kind; fails after `timeoutMs`. */
  next(kind?: StreamItem['kind'], timeoutMs?: number): Promise<StreamItem>;
  /** The events that arrived and were not taken yet. */
  pending(): StreamItem[];
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The base address of an app listening on a free port; `inject` cannot stream, so these tests use real HTTP. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Opens GET /api/events as a browser would (with the user's cookie), parsing blocks as they arrive. */
export function openEventStream(base: string, cookie: string | null, headers: Record<string, string> = {}): Promise<TestStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers } }, (res) => {
      const items: StreamItem[] = [];
      const waiting: { kind: StreamItem['kind'] | undefined; resolve: (item: StreamItem) => void }[] = [];
      let buffer = '';
      let body = '';
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      const offer = () => {
        for (const w of [...waiting]) {
          const i = items.findIndex((it) => !w.kind || it.kind === w.kind);
          if (i < 0) continue;
          const [item] = items.splice(i, 1);
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(item as StreamItem);
        }
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (event) items.push({ kind: 'event', event, data: JSON.parse(data) });
          else for (const l of lines) if (l.startsWith(':')) items.push({ kind: 'comment', text: l.slice(1).trim() });
        }
        offer();
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      res.on('error', endResolve);
      const stream: TestStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return body;
        },
        next(kind, timeoutMs = 5000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => {
              waiting.splice(waiting.findIndex((w) => w.resolve === settle), 1);
              fail(new Error(`no ${kind ?? 'item'} within ${timeoutMs} ms`));
            }, timeoutMs);
            const settle = (item: StreamItem) => {
              clearTimeout(timer);
              done(item);
            };
            waiting.push({ kind, resolve: settle });
            offer();
          });
        },
        pending: () => [...items],
        ended,
        close: () => req.destroy(),
      };
      // A refused stream is a whole answer: wait for its body.
      if (res.statusCode === 200) resolve(stream);
      else res.on('end', () => resolve(stream));
    });
    req.on('error', reject);
  });
}
