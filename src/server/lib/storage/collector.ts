import type { Db } from '../../db/index';
import { UPLOADS_PREFIX } from './keys';
import { clearMarks, dueMarks, markDeleted, namedUrls } from './marks-repo';
import { HIDDEN_PREFIX, type S3Storage } from './s3';

/** How long a deleted image's objects stay, and how old an object no row names must be before it goes. */
export const COLLECT_AFTER_MS = 24 * 3600_000;
const BATCH = 500;

/** Marks the objects behind deleted images; the collector removes them a day later. */
export function markForDeletion(db: Db, keys: string[], now = new Date()): Promise<void> {
  return markDeleted(db, keys, now.toISOString());
}

/** The URL a row would hold for a key: the large variant's, which users' avatar and header keep for all three. */
function rowUrlOf(key: string): string {
  const plain = key.startsWith(HIDDEN_PREFIX) ? key.slice(HIDDEN_PREFIX.length) : key;
  return UPLOADS_PREFIX + plain.replace(/-(thumbnail|medium)\.webp$/, '-large.webp');
}

async function unnamed(db: Db, keys: string[]): Promise<string[]> {
  const named = await namedUrls(db, [...new Set(keys.map(rowUrlOf))]);
  // A picture table names each variant: one of them named keeps the whole set.
  const namedPlain = new Set([...named].map((url) => url.replace(/-(thumbnail|medium)\.webp$/, '-large.webp')));
  return keys.filter((key) => !namedPlain.has(rowUrlOf(key)));
}

/**
 * Deletes the objects marked more than a day ago and the objects no row names that are older
 * than a day (uploads whose row never came: a crash between storing and recording). An object a
 * row names again (its marking raced a re-upload of the same bytes) is kept and unmarked.
 */
export async function collectObjects(db: Db, storage: S3Storage, now = Date.now()): Promise<{ marked: number; orphans: number }> {
  const cutoff = new Date(now - COLLECT_AFTER_MS);
  let marked = 0;
  for (;;) {
    const due = await dueMarks(db, cutoff.toISOString(), BATCH);
    if (!due.length) break;
    const gone = await unnamed(db, due);
    await storage.delete(gone);
    await clearMarks(db, due);
    marked += gone.length;
    if (due.length < BATCH) break;
  }
  let orphans = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const gone = await unnamed(db, batch);
    await storage.delete(gone);
    orphans += gone.length;
    batch = [];
  };
  for await (const object of storage.objects()) {
    if (object.modified >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length) await sweep();
  return { marked, orphans };
}
