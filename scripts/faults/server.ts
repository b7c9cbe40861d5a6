import { spawn, type ChildProcess } from 'node:child_process';

/** One line of the summary: a check of a scenario, passed or not, with what was seen. */
export interface Check {
  scenario: string;
  check: string;
  ok: boolean;
  detail: string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A server process (src/server/main.ts under NODE_ENV=test, where fault points may be armed)
 * on a fixed port, so a restart answers where the killed one did and a balancer finds it again.
 */
export class ServerProcess {
  child: ChildProcess | null = null;
  /** How each run ended: a signal name or an exit code. */
  readonly endings: string[] = [];
  private stderr = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it (with `faultPoint` armed, if given) and waits until it answers liveness. */
  async start(faultPoint = '', timeoutMs = 90_000): Promise<void> {
    this.stderr = '';
    // Node itself, not the tsx wrapper: a SIGKILL must hit the server, not a parent it would outlive.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', PORT: String(this.port), HOST: '127.0.0.1', PUBLIC_URL: this.url, DEMO_DATA: '0', LOG_LEVEL: 'error', ...this.env, FAULT_POINT: faultPoint },
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    child.once('exit', (code, signal) => this.endings.push(signal ?? String(code)));
    this.child = child;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`${this.name} ended while starting (${this.endings.at(-1)}): ${this.stderr}`);
      try {
        if ((await fetch(`${this.url}/api/health/live`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${this.name} did not answer within ${timeoutMs} ms: ${this.stderr}`);
  }

  /** Resolves when the current run ends, however it ends. */
  ended(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((r) => child.once('exit', () => r()));
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const done = this.ended();
    if (this.running) this.child?.kill(signal);
    await done;
  }

  /** What the process wrote to stderr lately (its errors), for a failed check's detail. */
  get lastErrors(): string {
    return this.stderr;
  }
}

/** Runs `work`, failing it once `ms` have passed, so every scenario stops by itself. */
export async function bounded<T>(what: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { text: text.slice(0, 200) };
  }
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A JSON request with an optional session cookie; a lost connection rejects. */
export async function call(url: string, opts: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  const res = await fetch(url, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  return { status: res.status, body: parseBody(text), headers: res.headers };
}

/** Registers an artist and answers its session cookie and id. */
export async function register(base: string, name: string, headers: Record<string, string> = {}): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: `${name}@example.test`, username: name, password: 'Sicher!Passwort1', userType: 'artist' }),
  });
  if (res.status !== 201) throw new Error(`registering ${name} answered ${res.status}: ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const body = (await res.json()) as { user: { id: number } };
  return { cookie, id: body.user.id };
}
