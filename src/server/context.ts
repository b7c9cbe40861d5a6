import type { Config } from './config';
import { createDb, poolOf, type Db } from './db/index';
import { createAnswerCache, createInvalidation, createTagChannel, type AnswerCache, type Invalidation } from './lib/answer-cache/index';
import { createEventBus, type EventBus, type EventLog } from './lib/events/index';
import { deleteImageFiles, imageFileKeys } from './lib/images/index';
import { createMailer, type Mailer } from './lib/mail/index';
import { createOutbox, type Outbox } from './lib/outbox/index';
import { countBusEvents, Metrics } from './lib/metrics/index';
import { createResultCache, type ResultCache } from './lib/result-cache';
import { createRateLimitStore, type RateLimitStore } from './lib/rate-limit/index';
import { createStorage, markForDeletion, S3Storage, type Storage } from './lib/storage/index';

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
  /** A write's side effects, stored with it and delivered after it commits (src/server/lib/outbox). */
  outbox: Outbox;
  /** This app's Prometheus metrics (src/server/lib/metrics); code elsewhere only calls `metrics.count`. */
  metrics: Metrics;
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
  const metrics = new Metrics();
  const pool = poolOf(db);
  if (pool) metrics.watchPool(pool);
  const events = countBusEvents(ports.events ?? createEventBus(config, db, log), metrics);
  const ttlMs = config.listCacheSeconds * 1000;
  const listCache = createResultCache({ ttlMs });
  const answers = createAnswerCache({ ttlMs });
  // The caches listen once the app registers them (buildApp): a CLI only sends.
  const invalidation = createInvalidation(createTagChannel(events));
  return {
    config,
    db,
    events,
    mailer: ports.mailer ?? createMailer(config),
    rateLimits: ports.rateLimits ?? createRateLimitStore(config, db, log ?? quiet),
    storage,
    listCache,
    answers,
    invalidation,
    // A bucket's objects are marked and collected a day later (lib/storage/collector.ts), so a
    // backup or another process reading meanwhile never meets a missing object.
    deleteFiles: (urls) => (storage instanceof S3Storage ? markForDeletion(db, imageFileKeys(storage, urls)) : deleteImageFiles(storage, urls)),
    outbox: createOutbox({ db, invalidation, log: log ?? quiet }),
    metrics,
  };
}
