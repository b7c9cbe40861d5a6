import { Agent, request as httpRequest } from 'node:http';

/** One answer as the soak records it: who served it (HAProxy's X-Served-By) and how long it took. */
export interface Answer {
  status: number;
  servedBy: string | null;
  ms: number;
  body: string;
  setCookie: string[];
}

/** A request that got no answer at all (refused, reset, or past its deadline). */
export class NoAnswer extends Error {}

/** The spec's bound on a request: past it a request counts as failed, whatever comes later. */
export const REQUEST_DEADLINE_MS = 30_000;

/**
 * A small HTTP client on node:http with its own keep-alive pool: lighter than fetch on a machine
 * whose two cores the servers need, and it hands back the raw status and headers the checks read.
 */
export class Client {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    maxSockets: number,
    keepAlive = true,
  ) {
    this.agent = new Agent({ keepAlive, maxSockets });
  }

  send(method: string, path: string, opts: { headers?: Record<string, string>; body?: string | Buffer; keepBody?: boolean } = {}): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { 'accept-language': 'en', ...opts.headers };
      if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body);
      const req = httpRequest(url, { method, headers, agent: this.agent, timeout: REQUEST_DEADLINE_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (opts.keepBody) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            servedBy: (res.headers['x-served-by'] as string | undefined) ?? null,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', (err) => reject(new NoAnswer(err.message)));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_DEADLINE_MS / 1000} s`)));
      req.on('error', (err) => reject(new NoAnswer(`${method} ${path}: ${err.message}`)));
      req.end(opts.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The session cookie an answer set, as a Cookie header value. */
export function sessionCookie(answer: Answer): string {
  const set = answer.setCookie.find((c) => c.startsWith('tgs_session='));
  if (!set) throw new Error(`no session cookie in an answer with status ${answer.status}`);
  return set.split(';')[0] as string;
}

/** A multipart body with one image field, as a browser sends an upload. */
export function multipartImage(image: Buffer): { body: Buffer; contentType: string } {
  const boundary = `soak${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="soak.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
