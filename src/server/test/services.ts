import { connect } from 'node:net';
import { describe, it } from 'vitest';

/**
 * The outside things some tests need (PostgreSQL, Redis, the server-rendering build) and what a
 * test does when one is missing. On a laptop without them those tests are skipped. Where the
 * suite promises them they must run: a missing one is a failing test that names it, never a
 * silent skip. They are promised when TEST_DATABASE_URL is set (CI names its PostgreSQL and
 * starts Redis beside it), when TEST_REQUIRE_SERVICES=1 (.ci/run) or, for the build, when
 * TEST_REQUIRE_BUILD=1 (`npm test` builds before it runs vitest).
 */
export const servicesRequired = !!process.env.TEST_DATABASE_URL || process.env.TEST_REQUIRE_SERVICES === '1';
export const buildRequired = process.env.TEST_REQUIRE_BUILD === '1';

/** PostgreSQL for the tests that talk to it directly (the engine tests use describeEachEngine). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Redis for the pub/sub and rate-limit tests: TEST_REDIS_URL, or the usual local port. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts connections on the URL's host and port within half a second. */
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port) || defaultPort, timeout: 500 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Whether Redis answers at TEST_REDIS_URL. */
export const redisReachable = (): Promise<boolean> => reachable(TEST_REDIS_URL, 6379);

export interface Need {
  /** What is needed, for the failure: "Redis at redis://127.0.0.1:6379". */
  what: string;
  available: boolean;
  /** Whether this run promised it: then its absence fails instead of skipping. */
  required: boolean;
  /** How to provide it, for the failure. */
  hint: string;
}

/** What to do with tests that need it: run them, skip them, or fail in their place. */
export function gate(need: Need): 'run' | 'skip' | 'fail' {
  return need.available ? 'run' : need.required ? 'fail' : 'skip';
}

/** The one test that stands in for a block whose need this run promised but does not have. */
export function failMissing(need: Need): void {
  it(`needs ${need.what}`, () => {
    throw new Error(`${need.what} is not available, and this run requires it: ${need.hint}`);
  });
}

/** A describe block that runs when its need is met, fails loudly when promised but missing, and is skipped otherwise. */
export function describeWith(need: Need, name: string, fn: () => void): void {
  const action = gate(need);
  if (action === 'fail') describe(name, () => failMissing(need));
  else if (action === 'skip') describe.skip(name, fn);
  else describe(name, fn);
}

export const redisHint = 'start it (`redis-server --daemonize yes`, as .ci/run does) or point TEST_REDIS_URL at one.';
export const postgresHint = 'set TEST_DATABASE_URL to a database this user may create schemas in, as .ci/run does.';
