import type { FastifyBaseLogger } from 'fastify';

/** Hands work to run after the current answer has been sent; failures are logged, never thrown. */
export type Defer = (what: string, task: () => Promise<void>) => void;

export interface Background {
  defer: Defer;
  /** Resolves once every deferred task has finished, including tasks they deferred. */
  idle(): Promise<void>;
}

export function createBackground(log: Pick<FastifyBaseLogger, 'error'>): Background {
  const pending = new Set<Promise<void>>();
  return {
    defer(what, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
