import type { AppContext } from '../../context';
import { pingDb } from '../../db/index';

/** What readiness checks, in the order the answer lists them. */
export const CHECKS = ['database', 'storage', 'events', 'rateLimits'] as const;
export type CheckName = (typeof CHECKS)[number];
export type CheckState = 'ok' | 'failing';

export interface Readiness {
  /** Every check passed and the process is not draining. */
  ready: boolean;
  checks: Record<CheckName, CheckState>;
}

/** A balancer checks every second or two: a check that takes longer than this counts as failing. */
export const CHECK_TIMEOUT_MS = 1000;

export interface HealthDeps extends Pick<AppContext, 'db' | 'storage' | 'events' | 'rateLimits'> {
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export type HealthService = ReturnType<typeof createHealthService>;

function within(ms: number, work: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work(), timeout]).finally(() => clearTimeout(timer));
}

export function createHealthService(deps: HealthDeps) {
  const { db, storage, events, rateLimits, log } = deps;
  // One wait for the bus's link, shared by the probes of a long outage rather than one each.
  let linkUp: Promise<void> | null = null;
  const probes: Record<CheckName, () => Promise<void>> = {
    database: async () => {
      if (!(await pingDb(db))) throw new Error('the database did not answer');
    },
    storage: () => storage.ping(),
    events: async () => {
      if (events.healthy()) return;
      // Just after a start or a dropped link the listener may be moments from connecting: wait
      // for it within the check's time rather than answer 503 for a link about to be up.
      linkUp ??= (events.ready?.() ?? Promise.resolve()).finally(() => {
        linkUp = null;
      });
      await linkUp;
      if (!events.healthy()) throw new Error('events from other processes do not arrive');
    },
    rateLimits: () => rateLimits.ping(),
  };
  let draining = false;
  // Parallel readiness requests share one round of checks, so a flood of them costs what one does.
  let running: Promise<Readiness> | null = null;
  // The answer names no cause: the log does, once when a check starts failing and once when it recovers.
  const last: Partial<Record<CheckName, CheckState>> = {};

  async function check(name: CheckName): Promise<CheckState> {
    let state: CheckState = 'ok';
    let cause: unknown;
    try {
      await within(CHECK_TIMEOUT_MS, probes[name]);
    } catch (err) {
      state = 'failing';
      cause = err;
    }
    const before = last[name];
    last[name] = state;
    if (state === 'failing' && before !== 'failing') log?.error({ err: cause, check: name }, 'readiness: check failing');
    if (state === 'ok' && before === 'failing') log?.warn({ check: name }, 'readiness: check ok again');
    return state;
  }

  async function round(): Promise<Readiness> {
    const states = await Promise.all(CHECKS.map(check));
    const checks = Object.fromEntries(CHECKS.map((name, i) => [name, states[i]])) as Record<CheckName, CheckState>;
    return { ready: !draining && states.every((s) => s === 'ok'), checks };
  }

  return {
    /** Runs every check, each bounded by the timeout; never throws. */
    async ready(): Promise<Readiness> {
      running ??= round().finally(() => {
        running = null;
      });
      const result = await running;
      // A drain that began while the round ran counts at once.
      return draining ? { ...result, ready: false } : result;
    },
    /** From now on readiness answers 503, whatever the checks say: the process is stopping. */
    drain(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
  };
}
