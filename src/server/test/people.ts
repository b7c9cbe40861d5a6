import { beforeAll } from 'vitest';
import type { TestApp } from './app';
import { createUser, type TestUser, type UserType } from './factories';

/**
 * The users a describe block shares, each an artist or a studio as `types` names it. They are
 * registered in a `beforeAll` (so call this after `useTestApp`), one after the other in the order
 * named; read the fields in later hooks and in tests.
 */
export function usePeople<const K extends string>(t: Pick<TestApp, 'app'>, types: Record<K, UserType>): Record<K, TestUser> {
  const people = {} as Record<K, TestUser>;
  beforeAll(async () => {
    for (const [name, userType] of Object.entries(types) as [K, UserType][]) people[name] = await createUser(t.app, { userType });
  });
  return people;
}
