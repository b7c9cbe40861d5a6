import type { AppContext } from '../../context';
import { pingDb } from '../../db/index';

export type HealthDeps = Pick<AppContext, 'db'>;
export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService({ db }: HealthDeps) {
  return {
    /** Whether the database answers. */
    ok: (): Promise<boolean> => pingDb(db),
  };
}
