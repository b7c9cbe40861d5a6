import type { AppContext } from '../context';

/**
 * Seeds reference data into every new database and, outside production unless DEMO_DATA=0,
 * the demo world. Each step checks for itself whether it already ran.
 */
export async function seed(ctx: Pick<AppContext, 'db' | 'config'>, opts: { demo?: boolean } = {}): Promise<void> {
  const { seedReference } = await import('./reference/index');
  await seedReference(ctx.db);
  if (opts.demo ?? ctx.config.demoData) {
    const { seedDemo } = await import('./demo/index');
    await seedDemo(ctx);
  }
  // Last: a new database, or one whose index was made by older rules, gets its search index built.
  const { ensureSearchIndex } = await import('../modules/search/index');
  await ensureSearchIndex(ctx.db);
}
