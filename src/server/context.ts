import type { Config } from './config';
import { createDb, type Db } from './db/index';
import { deleteImageFiles } from './lib/images/index';
import { createMailer, type Mailer } from './lib/mail/index';
import { createResultCache, type ResultCache } from './lib/result-cache';
import { createRateLimitStore, type RateLimitStore } from './lib/rate-limit/index';
import { createStorage, type Storage } from './lib/storage/index';

/** The app's ports to the outside, built once (by buildApp, the CLI, the seed) and handed to the services. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  storage: Storage;
  /** Public list answers; cleared by every write through the API. */
  listCache: ResultCache;
  /** Deletes uploaded files by their public URLs (foreign URLs are ignored). */
  deleteFiles(urls: string[]): Promise<void>;
}

/** The ports from the config; a test or a tool passes its own database (or mailer, store, storage). */
export function createContext(config: Config, ports: Partial<Pick<AppContext, 'db' | 'mailer' | 'rateLimits' | 'storage'>> = {}): AppContext {
  const storage = ports.storage ?? createStorage(config);
  return {
    config,
    db: ports.db ?? createDb(config.database),
    mailer: ports.mailer ?? createMailer(config),
    rateLimits: ports.rateLimits ?? createRateLimitStore(config),
    storage,
    listCache: createResultCache({ ttlMs: config.listCacheSeconds * 1000 }),
    deleteFiles: (urls) => deleteImageFiles(storage, urls),
  };
}
