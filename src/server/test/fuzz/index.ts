import http from 'node:http';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import type { RouteEntry, RouteInput } from '../../http/route-table';
import { problemsOf, type FuzzAnswer } from './check';
import { databaseProblems } from './integrity';
import { routeArbitrary, type FuzzRequest, type Persona } from './requests';

export { databaseProblems } from './integrity';

/** A request as a target sends it. */
export interface Outgoing {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

export interface Answer extends FuzzAnswer {
  setCookies: string[];
}

/**
 * Where the requests go: the app in this process (`injectTarget`), or a server behind a socket
 * (`httpTarget`, for a balancer in front of several processes).
 */
export interface Target {
  send(request: Outgoing): Promise<Answer>;
}

// An answer read for longer than this is a hung route, reported as such.
const ANSWER_TIMEOUT_MS = 15_000;
// Enough of a live stream to see it opened; it never ends by itself.
const STREAM_TYPE = 'text/event-stream';

async function readAll(stream: NodeJS.ReadableStream, isStream: boolean, stop: () => void): Promise<string> {
  const chunks: Buffer[] = [];
  const timer = setTimeout(stop, isStream ? 50 : ANSWER_TIMEOUT_MS);
  try {
    for await (const chunk of stream) {
      chunks.push(Buffer.from(chunk as Buffer));
      if (isStream) break;
    }
  } catch {
    // A stream cut by `stop` ends here; what was read is the answer.
  } finally {
    clearTimeout(timer);
  }
  if (isStream) stop();
  return Buffer.concat(chunks).toString('utf8');
}

/** Requests through `app.inject`: no socket, so ten thousand of them fit in a test. */
export function injectTarget(app: FastifyInstance): Target {
  return {
    async send(request) {
      const res = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        remoteAddress: request.remoteAddress,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        // Streamed, so a live event stream answers its headers instead of holding the run.
        payloadAsStream: true,
      });
      const contentType = String(res.headers['content-type'] ?? '');
      const body = await readAll(res.stream(), contentType.startsWith(STREAM_TYPE), () => res.raw.res.destroy());
      const cookies = res.headers['set-cookie'];
      return { status: res.statusCode, contentType, body, setCookies: cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)] };
    },
  };
}

/**
 * Requests over HTTP to `baseUrl` (a balancer's socket, say), with node:http so the path goes
 * out as written (fetch would resolve its `..`). The client address is the socket's;
 * `remoteAddress` goes out as X-Forwarded-For for a server that trusts the hop.
 */
/** A request target with every byte outside printable ASCII percent-encoded (lone surrogates as U+FFFD). */
function wirePath(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

export function httpTarget(baseUrl: string): Target {
  const base = new URL(baseUrl);
  return {
    send(request) {
      return new Promise<Answer>((resolve, reject) => {
        const req = http.request(
          // A connection per request, so a refused request's leftovers never meet the next answer;
          // the path as a client puts it on the wire (percent-encoded bytes), since node:http sends no raw ones.
          { host: base.hostname, port: base.port, agent: false, method: request.method, path: wirePath(request.url), headers: { ...request.headers, 'x-forwarded-for': request.remoteAddress } },
          (res) => {
            const contentType = String(res.headers['content-type'] ?? '');
            readAll(res, contentType.startsWith(STREAM_TYPE), () => res.destroy()).then(
              (body) => resolve({ status: res.statusCode ?? 0, contentType, body, setCookies: res.headers['set-cookie'] ?? [] }),
              reject,
            );
          },
        );
        req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error('no answer in time')));
        req.on('error', reject);
        req.end(request.payload);
      });
    },
  };
}

export interface FuzzOptions {
  target: Target;
  db: Db;
  routes: readonly RouteEntry[];
  publicUrl: string;
  seed: number;
  /** Requests in all, at least; each route gets `minPerRoute` or its share, whichever is more. */
  requests: number;
  minPerRoute: number;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  index: number;
  route: string;
  persona: Persona;
  lang: string;
  label: string;
  method: string;
  url: string;
  status: number;
  problems: string[];
  body: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  perRoute: Map<string, number>;
  statuses: Map<number, number>;
  /** Routes in the table that declare no input: each one fails the run. */
  undeclared: string[];
  failures: FuzzFailure[];
  databaseProblems: string[];
}

interface Person {
  email: string;
  password: string;
  cookie: string | null;
  id: number;
}

const PASSWORD = 'Fuzz!Passwort1';

function sessionOf(answer: Answer): string | null {
  for (const line of answer.setCookies) {
    const match = /^(tgs_session=[^;]+)/.exec(line);
    if (match) return match[1] as string;
  }
  return null;
}

/** The people and things the run acts as and on, made through the API as a browser would. */
class Cast {
  private people = new Map<Persona, Person>();
  private made = 0;
  readonly ids = new Set<number>([1, 2, 3]);

  constructor(
    private readonly target: Target,
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly seed: number,
  ) {}

  private async call(method: string, url: string, payload?: unknown, cookie?: string | null): Promise<Answer> {
    const headers: Record<string, string> = { 'accept-language': 'en', origin: this.publicUrl };
    if (cookie) headers.cookie = cookie;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    this.made++;
    return this.target.send({ method, url, headers, remoteAddress: `10.250.${this.made % 250}.${(this.seed + this.made) % 250}`, ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}) });
  }

  private async register(userType: 'artist' | 'studio', name: string): Promise<Person> {
    const email = `fuzz-${name}-${this.seed}-${this.made}@example.test`;
    const res = await this.call('POST', '/api/auth/register', { email, username: `fz_${name}_${this.made}`.slice(0, 30), password: PASSWORD, userType });
    const cookie = sessionOf(res);
    if (res.status !== 201 || !cookie) throw new Error(`the fuzzer could not register ${name}: ${res.status} ${res.body.slice(0, 200)}`);
    const id = (JSON.parse(res.body) as { user: { id: number } }).user.id;
    this.ids.add(id);
    return { email, password: PASSWORD, cookie, id };
  }

  async setUp(): Promise<void> {
    const studio = await this.register('studio', 'studio');
    const user = await this.register('artist', 'user');
    this.people.set('user', user);
    this.people.set('admin', await this.promote(await this.register('artist', 'admin')));
    const day = (offset: number) => addDays(todayInBerlin(), offset);
    const spot = await this.call('POST', '/api/guest-spots', { title: 'Fuzz guest spot', startDate: day(10), endDate: day(20) }, studio.cookie);
    if (spot.status === 201) this.ids.add((JSON.parse(spot.body) as { id: number }).id);
    const availability = await this.call('POST', '/api/artist-availability', { title: 'Fuzz availability', startDate: day(10), endDate: day(20) }, user.cookie);
    if (availability.status === 201) this.ids.add((JSON.parse(availability.body) as { id: number }).id);
    await this.call('POST', '/api/messages', { recipient_id: studio.id, content: 'Hello from the fuzzer' }, user.cookie);
  }

  private async promote(person: Person): Promise<Person> {
    await this.db.updateTable('users').set({ role: 'admin' }).where('id', '=', person.id).execute();
    return person;
  }

  cookieOf(persona: Persona): string | null {
    return persona === 'visitor' ? null : (this.people.get(persona)?.cookie ?? null);
  }

  /**
   * The run may log its people out, change their role, suspend or delete them: then they log in
   * again, or are made anew, so later requests still come from a user and an admin.
   */
  async restore(): Promise<void> {
    for (const persona of ['user', 'admin'] as const) {
      const person = this.people.get(persona) as Person;
      const check = await this.call('GET', persona === 'admin' ? '/api/admin/check' : '/api/auth/me', undefined, person.cookie);
      if (check.status === 200) continue;
      const login = await this.call('POST', '/api/auth/login', { email: person.email, password: person.password });
      const cookie = sessionOf(login);
      let next: Person = login.status === 200 && cookie ? { ...person, cookie } : await this.register('artist', persona);
      if (persona === 'admin') next = await this.promote(next);
      this.people.set(persona, next);
    }
  }
}

/** A route's share of the run, each its own seeded stream of requests. */
function plan(routes: readonly (RouteEntry & { input: RouteInput })[], opts: FuzzOptions, known: number[]): FuzzRequest[] {
  const perRoute = Math.max(opts.minPerRoute, Math.ceil(opts.requests / Math.max(routes.length, 1)));
  const queues = routes.map((route, i) =>
    fc.sample(routeArbitrary(route, { ids: known }, opts.publicUrl), { seed: (opts.seed + i * 7919) | 0, numRuns: perRoute }),
  );
  // Routes take turns in an order the seed shuffles, so state one route leaves is met by the others.
  const order = fc.sample(fc.shuffledSubarray(queues.map((_, i) => i), { minLength: queues.length, maxLength: queues.length }), { seed: opts.seed, numRuns: 1 })[0] ?? [];
  const all: FuzzRequest[] = [];
  for (let round = 0; round < perRoute; round++) for (const i of order) all.push(queues[i]?.[round] as FuzzRequest);
  return all;
}

// How often the people are checked and put back (see Cast.restore).
const RESTORE_EVERY = 200;

/** Sends the run's requests one after the other and checks each answer, then the database. */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? (() => undefined);
  const undeclared = opts.routes.filter((r) => !r.input).map((r) => `${r.method} ${r.url}`);
  const routes = opts.routes.filter((r): r is RouteEntry & { input: RouteInput } => r.input !== undefined);
  const cast = new Cast(opts.target, opts.db, opts.publicUrl, opts.seed);
  await cast.setUp();
  const requests = plan(routes, opts, [...cast.ids]);
  log(`fuzz: seed ${opts.seed}, ${requests.length} requests over ${routes.length} routes (replay: FUZZ_SEED=${opts.seed} FUZZ_REQUESTS=${opts.requests})`);
  const report: FuzzReport = { seed: opts.seed, sent: 0, perRoute: new Map(), statuses: new Map(), undeclared, failures: [], databaseProblems: [] };
  for (const [index, request] of requests.entries()) {
    if (index % RESTORE_EVERY === 0 && index > 0) await cast.restore();
    const cookie = cast.cookieOf(request.persona);
    const headers = cookie ? { ...request.headers, cookie } : request.headers;
    // Most requests from addresses of their own, a quarter from one: both sides of the rate limits.
    const remoteAddress = index % 4 === 0 ? '10.99.0.1' : `10.${100 + ((index >> 16) % 100)}.${(index >> 8) & 255}.${index & 255}`;
    let answer: Answer;
    try {
      answer = await opts.target.send({ method: request.method, url: request.url, headers, remoteAddress, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
    } catch (err) {
      answer = { status: 599, contentType: 'text/plain', body: `no answer: ${(err as Error).message}`, setCookies: [] };
    }
    report.sent++;
    report.perRoute.set(request.route, (report.perRoute.get(request.route) ?? 0) + 1);
    report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1);
    const problems = problemsOf(request, answer);
    if (problems.length) {
      report.failures.push({ index, route: request.route, persona: request.persona, lang: request.lang, label: request.label, method: request.method, url: request.url.slice(0, 300), status: answer.status, problems, body: answer.body.slice(0, 300) });
    }
    if ((index + 1) % 2000 === 0) log(`fuzz: ${index + 1} sent, ${report.failures.length} failing`);
  }
  report.databaseProblems = await databaseProblems(opts.db);
  return report;
}

/** The run against an app in this process, through inject. */
export function fuzzApp(app: FastifyInstance, opts: Pick<FuzzOptions, 'seed' | 'requests' | 'minPerRoute' | 'log'>): Promise<FuzzReport> {
  return runFuzz({ ...opts, target: injectTarget(app), db: app.ctx.db, routes: app.routeTable, publicUrl: app.ctx.config.publicUrl });
}

/** The report as lines for a terminal or a failing test: totals, then each failure with what to replay. */
export function describeReport(report: FuzzReport, limit = 40): string {
  const lines = [`seed ${report.seed}: ${report.sent} requests, ${report.failures.length} failing`];
  lines.push(`statuses: ${[...report.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`);
  for (const route of report.undeclared) lines.push(`route without a declared input: ${route}`);
  for (const problem of report.databaseProblems) lines.push(`database: ${problem}`);
  for (const f of report.failures.slice(0, limit)) {
    lines.push(`#${f.index} ${f.route} as ${f.persona} in ${f.lang} [${f.label}]: ${f.problems.join('; ')}`, `    ${f.method} ${f.url}`, `    → ${f.status} ${f.body.replace(/\s+/g, ' ')}`);
  }
  if (report.failures.length > limit) lines.push(`… and ${report.failures.length - limit} more`);
  return lines.join('\n');
}
