import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) at OWASP's baseline: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

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
