import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { scheduleJob } from './lib/jobs';
import { collectObjects, isMarked, registerUploads, S3Storage, type UploadGuard } from './lib/storage/index';
import { galleryUploadAccess } from './modules/gallery/index';
import { isPrivateDocumentKey } from './modules/trust/index';

/** How often the collector looks for objects due for deletion. */
const COLLECT_EVERY_MS = 3600_000;

/**
 * `/uploads/<key>` and, on a bucket, the collector of deleted and unnamed objects. On a bucket
 * every read first asks whether the image was deleted (its objects wait a day for the collector)
 * or hidden by moderation, before anything is streamed or signed.
 */
export function registerStorage(app: FastifyInstance, ctx: AppContext): void {
  const { storage, db, config } = ctx;
  // Studios' verification documents share the store but are only ever served by their own
  // guarded route: under /uploads they do not exist, whoever asks and whatever the store.
  if (!(storage instanceof S3Storage)) {
    registerUploads(app, storage, config.dataDir, async (key) => (isPrivateDocumentKey(key) ? 'gone' : 'public'));
    return;
  }
  const guard: UploadGuard = async (key, request) => {
    if (isPrivateDocumentKey(key) || (await isMarked(db, key))) return 'gone';
    return galleryUploadAccess(db, key, request.user);
  };
  registerUploads(app, storage, config.dataDir, guard);
  scheduleJob(app, {
    name: 'storage-collector',
    everyMs: COLLECT_EVERY_MS,
    run: () => collectObjects(db, storage),
    report: ({ marked, orphans }) =>
      marked || orphans ? { level: 'info', fields: { marked, orphans }, msg: 'deleted objects of deleted images and objects no row names' } : undefined,
  });
}
