import type { Config } from './config';
import { createDb, type Db } from './db/index';
import { createAnswerCache, createInvalidation, createTagChannel, type AnswerCache, type Invalidation } from './lib/answer-cache/index';
import { createEventBus, type EventBus, type EventLog } from './lib/events/index';
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
  /** Live events to users' open streams (GET /api/events), across processes on PostgreSQL. */
  events: EventBus;
  /** Public answers as objects (lists, counts, featured), filed under tags; the page heads read them too. */
  listCache: ResultCache;
  /** Public answers as bytes with their compressed forms and ETags (src/server/lib/answer-cache). */
  answers: AnswerCache;
  /** Clears cached answers by tag after a committed write, here and in the other processes. */
  invalidation: Invalidation;
  /** Deletes uploaded files by their public URLs (foreign URLs are ignored). */
  deleteFiles(urls: string[]): Promise<void>;
}

const quiet: EventLog = { warn: () => undefined, error: () => undefined };

/** The ports from the config; a test or a tool passes its own database (or mailer, store, storage, events). */
export function createContext(
  config: Config,
  ports: Partial<Pick<AppContext, 'db' | 'mailer' | 'rateLimits' | 'storage' | 'events'>> = {},
  log?: EventLog,
): AppContext {
  const storage = ports.storage ?? createStorage(config);
  const db = ports.db ?? createDb(config.database);
  const events = ports.events ?? createEventBus(config, db, log);
  const ttlMs = config.listCacheSeconds * 1000;
  const listCache = createResultCache({ ttlMs });
  const answers = createAnswerCache({ ttlMs });
  // The caches listen once the app registers them (buildApp): a CLI only sends.
  const invalidation = createInvalidation(createTagChannel(config, events, log ?? quiet));
  return {
    config,
    db,
    events,
    mailer: ports.mailer ?? createMailer(config),
    rateLimits: ports.rateLimits ?? createRateLimitStore(config),
    storage,
    listCache,
    answers,
    invalidation,
    deleteFiles: (urls) => deleteImageFiles(storage, urls),
  };
}
