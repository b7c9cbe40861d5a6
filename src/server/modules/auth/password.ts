import { hash, verify } from '@node-rs/argon2';
import { UNDER_TEST_RUNNER } from '../../config';

// argon2id (the library default) at OWASP's baseline: 19 MiB, 2 passes. Under the unit test
// runner (which sets VITEST) at its smallest cost instead: a run registers thousands of accounts,
// and the baseline's cost was minutes of the suite on two cores. A hash carries its own
// parameters, so verifying is the same either way; the server, the browser journeys and the
// benchmarks never run under the test runner.
const OPTIONS = UNDER_TEST_RUNNER
  ? ({ memoryCost: 1024, timeCost: 1, parallelism: 1 } as const)
  : ({ memoryCost: 19456, timeCost: 2, parallelism: 1 } as const);

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so both cases take as long. */
export function dummyHash(): Promise<string> {
  return hashPassword('not-a-real-password-0');
}
