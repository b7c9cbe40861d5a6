import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import type { Services } from '../../services';

/**
 * What every admin sub-plugin receives. An action that belongs to another module (ending a
 * user's sessions, a payment's entitlement, a listing's cache) goes through that module's
 * service here, so the admin files reach other modules only through their faces. Services is a
 * type-only import: services.ts never loads this module, so there is no cycle.
 */
export interface AdminRouteOptions {
  db: Db;
  /** The app's ports: config, mailer, storage, events, caches and their invalidation. */
  ctx: AppContext;
  services: Services;
}
