import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isValidKey, type Storage } from '../storage/index';
import { BackupError, hashBytes, type FileEntry } from './manifest';

export const OBJECTS_DIR = 'objects';
export const SECRETS_DIR = 'secrets';

// Enough to keep a bucket's round trips overlapping without holding many images in memory.
const PARALLEL = 8;

/** Runs `work` on every item of an async source, at most `limit` at once. */
async function eachLimited<T>(source: AsyncIterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failed: unknown;
  for await (const item of source) {
    if (failed) break;
    const job = work(item).catch((err) => {
      failed ??= err;
    });
    running.add(job);
    void job.finally(() => running.delete(job));
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failed) throw failed;
}

/**
 * Copies every object of the store into `<dir>/objects/<key>`, through the storage port so a
 * disk folder and a bucket back up alike. Taken after the database: objects are never
 * overwritten and their deletion waits a day, so every object a dumped row names is still there.
 */
export async function backupObjects(storage: Storage, dir: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  await eachLimited(storage.list(), PARALLEL, async (key) => {
    const data = await storage.get(key);
    // Gone between listing and reading: a collected object no dumped row names.
    if (!data) return;
    const file = path.join(dir, OBJECTS_DIR, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    entries.push({ path: `${OBJECTS_DIR}/${key}`, ...hashBytes(data) });
  });
  return entries;
}

/** Whether the store holds any object at all. */
export async function storeHasObjects(storage: Storage): Promise<boolean> {
  for await (const _ of storage.list()) return true;
  return false;
}

/** Puts the backup's objects into the store; a key already there is written again with the same bytes. */
export async function restoreObjects(storage: Storage, dir: string, files: FileEntry[]): Promise<number> {
  const objects = files.filter((f) => f.path.startsWith(`${OBJECTS_DIR}/`));
  async function* each() {
    yield* objects;
  }
  await eachLimited(each(), PARALLEL, async (entry) => {
    const key = entry.path.slice(OBJECTS_DIR.length + 1);
    if (!isValidKey(key)) throw new BackupError(`${entry.path}: not a storage key`);
    await storage.put(key, await readFile(path.join(dir, ...entry.path.split('/'))), contentTypeOf(key));
  });
  return objects.length;
}

/**
 * The secrets the server generated into the data folder (`session-secret` and any later
 * `*-secret`): without them the restored sessions and signed links would no longer verify.
 */
export async function backupSecrets(dataDir: string, dir: string): Promise<FileEntry[]> {
  const names = (await readdir(dataDir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isFile() && e.name.endsWith('-secret')).map((e) => e.name);
  const entries: FileEntry[] = [];
  if (!names.length) return entries;
  await mkdir(path.join(dir, SECRETS_DIR), { recursive: true, mode: 0o700 });
  for (const name of names) {
    const data = await readFile(path.join(dataDir, name));
    await writeFile(path.join(dir, SECRETS_DIR, name), data, { mode: 0o600 });
    entries.push({ path: `${SECRETS_DIR}/${name}`, ...hashBytes(data) });
  }
  return entries;
}

/** Puts the backup's secrets into the data folder, replacing the ones a fresh start generated. */
export async function restoreSecrets(dataDir: string, dir: string, files: FileEntry[]): Promise<number> {
  const secrets = files.filter((f) => f.path.startsWith(`${SECRETS_DIR}/`));
  await mkdir(dataDir, { recursive: true });
  for (const entry of secrets) {
    const name = entry.path.slice(SECRETS_DIR.length + 1);
    if (name.includes('/')) throw new BackupError(`${entry.path}: a secret is a file of the data folder itself`);
    const target = path.join(dataDir, name);
    const temp = `${target}.restoring`;
    await writeFile(temp, await readFile(path.join(dir, SECRETS_DIR, name)), { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, target);
  }
  return secrets.length;
}
