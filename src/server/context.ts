import type { Config } from './config';
import type { Db } from './db/index';
import type { Mailer } from './lib/mail/index';
import type { ResultCache } from './lib/result-cache';
import type { RateLimitStore } from './lib/rate-limit/index';
import type { Storage } from './lib/storage/index';

/** The app's shared services, built once by buildApp and handed to every module. */
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
