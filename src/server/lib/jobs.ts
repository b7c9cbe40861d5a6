import type { FastifyInstance } from 'fastify';

export interface Job<T> {
  /** What the log calls it when a run fails. */
  name: string;
  everyMs: number;
  run: () => Promise<T>;
  /** What to log after a successful run (nothing when it returns undefined). */
  report?: (result: T) => { level: 'debug' | 'info' | 'warn'; fields: object; msg: string } | undefined;
}

/**
 * Runs a job when the app is ready and then every `everyMs` while it runs. The timer never
 * keeps the process alive, a run never overlaps the previous one, and closing the app stops the
 * timer and waits for the run under way, before the database closes.
 */
export function scheduleJob<T>(app: FastifyInstance, job: Job<T>): void {
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current) return;
    current = job
      .run()
      .then(
        (result) => {
          const line = job.report?.(result);
          if (line) app.log[line.level](line.fields, line.msg);
        },
        (err: unknown) => app.log.error({ err }, `${job.name} failed`),
      )
      .finally(() => {
        current = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, job.everyMs).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await current;
  });
}
