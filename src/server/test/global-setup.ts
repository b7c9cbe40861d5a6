import type { TestProject } from 'vitest/node';
import { buildTemplates, type DatabaseTemplates } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once per run of the server tests: the migrated, seeded databases every test app is copied from. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, drop } = await buildTemplates(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return drop;
}
