import { randomInt, randomUUID } from 'node:crypto';
import { profilePathTo } from '../../src/common/routes';
import { Client, multipartImage, NoAnswer, type Answer } from './client';
import { freshPicture, PASSWORD, randomIp, type Person, type World } from './world';

/** One kind of request of the mix, with its share (weights are relative). */
interface Kind {
  name: string;
  weight: number;
  send(client: Client, world: World): Promise<Answer>;
}

const pick = <T>(list: T[]): T => list[randomInt(list.length)] as T;
const json = (person: Person) => ({ 'content-type': 'application/json', cookie: person.cookie, 'x-forwarded-for': person.ip });
const as = (person: Person, extra: Record<string, string> = {}) => ({ cookie: person.cookie, 'x-forwarded-for': person.ip, ...extra });
/** Half the reads come from someone logged in, as on a site whose members browse it. */
const maybeAs = (world: World, extra: Record<string, string> = {}) => (randomInt(2) ? as(pick(world.people), extra) : { 'x-forwarded-for': randomIp(), ...extra });
const SEARCHES = ['berlin', 'blackwork', 'fine%20li', 'gastpl%C3%A4tze', 'lisboa', 'realism', 'tattoo%20studio', 'bla', 'paris', 'soak'];
const read = (name: string, weight: number, path: (world: World) => string, accept?: string): Kind => ({
  name,
  weight,
  send: (client, world) => client.send('GET', path(world), { headers: maybeAs(world, accept ? { accept } : {}) }),
});
const mine = (name: string, weight: number, path: string): Kind => ({
  name,
  weight,
  send: (client, world) => client.send('GET', path, { headers: as(pick(world.people)) }),
});

/**
 * What people do on the site, by share: mostly reading pages and lists, searching and looking at
 * their dashboard; fewer messages and forum replies; a few uploads and logins (a login hashes a
 * password, the dearest request there is).
 */
export const MIX: Kind[] = [
  read('home page', 6, () => '/', 'text/html'),
  read('profile page', 4, (w) => profilePathTo(pick(w.people).username), 'text/html'),
  read('profile', 6, (w) => `/api/profile/${pick(w.people).username}`),
  read('guest spots', 6, () => `/api/guest-spots${randomInt(3) ? '' : `?page=${randomInt(1, 4)}`}`),
  read('artists', 4, () => '/api/artists'),
  read('gallery', 5, () => '/api/gallery'),
  read('forum categories', 3, () => '/api/forum/categories'),
  read('forum category', 3, (w) => `/api/forum/categories/${w.categorySlug}/threads`),
  read('forum thread', 5, (w) => `/api/forum/threads/${pick(w.threads)}`),
  read('map places', 2, () => '/api/map/places'),
  read('search', 10, () => `/api/search?q=${pick(SEARCHES)}`),
  read('search suggest', 3, () => `/api/search?q=${pick(SEARCHES).slice(0, 3)}&limit=6`),
  mine('me', 4, '/api/auth/me'),
  mine('unread count', 4, '/api/messages/unread-count'),
  mine('visit count', 3, '/api/profile-visits/my-count'),
  mine('forum latest', 3, '/api/forum/threads/latest?limit=3'),
  mine('conversations', 4, '/api/messages/conversations'),
  {
    name: 'message',
    weight: 5,
    send: (client, world) => {
      const person = pick(world.people);
      const body = JSON.stringify({ recipient_id: person.partner, content: `Soak message ${randomUUID().slice(0, 8)}: are you free in May?` });
      return client.send('POST', '/api/messages', { headers: json(person), body });
    },
  },
  {
    name: 'forum reply',
    weight: 3,
    send: (client, world) => {
      const person = pick(world.people);
      const body = JSON.stringify({ body: `A reply from the soak run, ${randomUUID().slice(0, 8)}: I was there last spring.` });
      return client.send('POST', `/api/forum/threads/${pick(world.threads)}/posts`, { headers: json(person), body });
    },
  },
  {
    name: 'upload',
    weight: 1,
    send: async (client, world) => {
      const person = pick(world.people.filter((p) => p.artist));
      const { body, contentType } = multipartImage(await freshPicture());
      return client.send('POST', '/api/gallery', { headers: as(person, { 'content-type': contentType, 'idempotency-key': randomUUID() }), body });
    },
  },
  {
    name: 'login',
    weight: 1,
    send: (client, world) => {
      const person = pick(world.people);
      // A login from anywhere: the per-address limit would otherwise see one client.
      return client.send('POST', '/api/auth/login', { headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ email: person.email, password: PASSWORD }) });
    },
  },
];

const TOTAL_WEIGHT = MIX.reduce((sum, k) => sum + k.weight, 0);

function drawKind(): Kind {
  let left = randomInt(TOTAL_WEIGHT);
  for (const kind of MIX) {
    left -= kind.weight;
    if (left < 0) return kind;
  }
  return MIX[0] as Kind;
}

/** Everything the load saw, by the process that answered (`fallback` when no balancer named one). */
export class Tally {
  constructor(private readonly fallback: string) {}

  /** Latencies of answered requests, by process and minute of the steady phase (0 = the first). */
  readonly latencies = new Map<string, number[][]>();
  readonly statuses = new Map<string, Map<number, number>>();
  /** 5xx and unanswered requests, by kind, with a few examples. */
  readonly failures: string[] = [];
  failureCount = 0;
  /** Requests that got no answer at all (refused, reset, past the deadline). */
  unanswered = 0;
  readonly byKind = new Map<string, number>();
  /** Latencies by kind of request and minute of the steady phase, over every process. */
  readonly kindLatencies = new Map<string, number[][]>();
  completed = 0;

  add(kind: string, answer: Answer, minute: number): void {
    const who = answer.servedBy ?? this.fallback;
    this.completed++;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    const statuses = this.statuses.get(who) ?? new Map<number, number>();
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    this.statuses.set(who, statuses);
    if (answer.status >= 500) this.fail(`${kind}: ${answer.status} from ${who}`);
    if (minute < 0) return;
    const minutes = this.latencies.get(who) ?? [];
    (minutes[minute] ??= []).push(answer.ms);
    this.latencies.set(who, minutes);
    const ofKind = this.kindLatencies.get(kind) ?? [];
    (ofKind[minute] ??= []).push(answer.ms);
    this.kindLatencies.set(kind, ofKind);
  }

  fail(line: string): void {
    this.failureCount++;
    if (this.failures.length < 20) this.failures.push(line);
  }

  /** How many answers of each status class a process gave. */
  classes(who: string): Record4 {
    const out: Record4 = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    for (const [status, n] of this.statuses.get(who) ?? []) {
      const key = `${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as keyof Record4;
      out[key] += n;
    }
    return out;
  }
}

export type Record4 = { '2xx': number; '3xx': number; '4xx': number; '5xx': number };

async function once(client: Client, world: World, record: Tally, minute: () => number): Promise<void> {
  const kind = drawKind();
  try {
    record.add(kind.name, await kind.send(client, world), minute());
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    record.unanswered++;
    record.fail(`${kind.name}: ${err.message}`);
  }
}

/**
 * The ramp: `workers` clients each sending the next request when the last is answered, stepped up
 * every few seconds; the best step's answers per second is the throughput. Half of it leaves
 * head room, as the spec asks: a soak looks for drift, not for the ceiling.
 */
export async function ramp(client: Client, world: World, record: Tally, seconds: number, log: (line: string) => void): Promise<number> {
  const steps = [2, 4, 8, 16, 32];
  const stepMs = (seconds * 1000) / steps.length;
  let best = 0;
  for (const workers of steps) {
    const until = Date.now() + stepMs;
    const before = record.completed;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < until) await once(client, world, record, () => -1);
      }),
    );
    const rate = (record.completed - before) / ((performance.now() - started) / 1000);
    log(`  ramp: ${workers} clients, ${rate.toFixed(0)} answers/s`);
    best = Math.max(best, rate);
  }
  return best;
}

/**
 * The steady phase: requests started at a fixed rate whatever the answers take (an open loop, as
 * real visitors arrive), so a slowing server shows as longer latencies instead of fewer requests.
 * Past `maxInFlight` waiting answers the client itself would be the bottleneck; those starts are
 * counted as skipped and reported.
 */
export async function steady(
  client: Client,
  world: World,
  record: Tally,
  opts: { rate: number; seconds: number; maxInFlight: number; onTick?: (elapsedS: number) => void },
): Promise<{ skipped: number }> {
  const started = Date.now();
  const minute = () => Math.floor((Date.now() - started) / 60_000);
  let issued = 0;
  let inFlight = 0;
  let skipped = 0;
  const pending = new Set<Promise<void>>();
  while (Date.now() - started < opts.seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * opts.rate);
    while (issued < due) {
      issued++;
      if (inFlight >= opts.maxInFlight) {
        skipped++;
        continue;
      }
      inFlight++;
      const p: Promise<void> = once(client, world, record, minute).finally(() => {
        inFlight--;
        pending.delete(p);
      });
      pending.add(p);
    }
    opts.onTick?.((Date.now() - started) / 1000);
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(pending);
  return { skipped };
}
