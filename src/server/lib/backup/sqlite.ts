import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { SQLite } from '../../db/sqlite-driver';
import { inspectSqliteFile, type MigrationLevel } from './backup-repo';
import { BackupError } from './manifest';

/**
 * Copies a live SQLite database with SQLite's online backup API while the server goes on
 * writing. After the first step the rest is copied in a single step: a smaller step would start
 * over whenever the server wrote in between, and one step reads one consistent snapshot
 * without holding the writers up (WAL).
 */
export async function backupSqlite(source: string, dest: string): Promise<MigrationLevel> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // The copy carries the live file's WAL mode; in rollback mode it is one self-contained file.
  const copy = new SQLite(dest, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const { migration, check } = inspectSqliteFile(dest);
  if (check !== 'ok') throw new BackupError(`The copy of ${source} fails SQLite's quick check: ${check}`);
  return migration;
}

/** Whether the target holds any table (a file that does not exist holds none). */
export function sqliteHasTables(file: string): boolean {
  try {
    return inspectSqliteFile(file).tables > 0;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CANTOPEN') return false;
    throw err;
  }
}

/**
 * Puts the backup's file in place of the target. The server must be stopped: it would go on
 * with its open handle on the replaced file. The old WAL and shared-memory files go too, since
 * SQLite would otherwise replay the old database's pages into the restored one.
 */
export async function restoreSqlite(backupFile: string, target: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.restoring`;
  await copyFile(backupFile, temp);
  await Promise.all(['-wal', '-shm', '-journal'].map((suffix) => rm(`${target}${suffix}`, { force: true })));
  await rename(temp, target);
}
