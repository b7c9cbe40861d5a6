import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { createDb, migrateToLatest } from '../../db/index';
import { migrations } from '../../db/migrations/index';
import { createStorage, type Storage } from '../storage/index';
import {
  currentSchema,
  postgresExtensions,
  postgresMigrationLevel,
  postgresServerVersion,
  postgresTableCount,
  preparePostgresTarget,
  searchPathSchema,
} from './backup-repo';
import { backupObjects, backupSecrets, restoreObjects, restoreSecrets, storeHasObjects } from './files';
import { BackupError, hashFile, readVerifiedManifest, writeManifest, type Manifest, type ManifestDraft } from './manifest';
import { checkDumpVersion, checkRestoreVersion, dumpSchema, restoreDump, serverVersion, toolVersion } from './postgres';
import { backupSqlite, restoreSqlite, sqliteHasTables } from './sqlite';

export { BackupError, MANIFEST_FILE, type Manifest } from './manifest';

export interface BackupOptions {
  /** Where progress lines go; nothing is printed when absent. */
  log?: (line: string) => void;
  /** The image store; the one the config picks when absent. */
  storage?: Storage;
}

const SQLITE_FILE = 'database.sqlite';
const DUMP_FILE = 'database.dump';

/**
 * Backs the deployment up into `outDir` (new or empty): the database first, then every object
 * of the image store and the data folder's generated secrets, then `manifest.json` with each
 * file's size and sha256. The server may go on serving meanwhile.
 */
export async function createBackup(config: Config, outDir: string, opts: BackupOptions = {}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const dir = path.resolve(outDir);
  const existing = await readdir(dir).catch(() => null);
  if (existing?.length) throw new BackupError(`${dir} is not empty: give each backup a folder of its own (e.g. --out backups/$(date +%F)).`);
  await mkdir(dir, { recursive: true, mode: 0o700 });

  let draft: ManifestDraft;
  const createdAt = new Date().toISOString();
  if (config.database.kind === 'sqlite') {
    log(`Copying the SQLite database ${config.database.file} (online backup) ...`);
    const migration = await backupSqlite(config.database.file, path.join(dir, SQLITE_FILE));
    draft = { createdAt, engine: 'sqlite', migration, database: SQLITE_FILE };
  } else {
    const db = createDb(config.database);
    try {
      const schema = await currentSchema(db);
      if (!schema) throw new BackupError('The database has no schema on its search_path to back up.');
      const server = serverVersion(await postgresServerVersion(db));
      const client = await toolVersion('pg_dump');
      checkDumpVersion(client, server);
      const migration = await postgresMigrationLevel(db, schema);
      const extensions = await postgresExtensions(db);
      log(`Dumping schema "${schema}" with pg_dump ${client.text} (server ${server.text}) ...`);
      await dumpSchema(config.database.url, schema, path.join(dir, DUMP_FILE));
      draft = { createdAt, engine: 'postgres', migration, database: DUMP_FILE, postgres: { schema, serverVersion: server.text, dumpVersion: client.text, extensions } };
    } finally {
      await db.destroy();
    }
  }
  const database = { path: draft.database, ...(await hashFile(path.join(dir, draft.database))) };

  log('Copying the image store ...');
  const objects = await backupObjects(opts.storage ?? createStorage(config), dir);
  const secrets = await backupSecrets(config.dataDir, dir);
  const manifest = await writeManifest(dir, draft, [database, ...objects, ...secrets]);
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  log(`Backup written to ${dir}: database (${database.size} bytes), ${objects.length} objects, ${secrets.length} secrets, ${bytes} bytes in all; migration ${draft.migration.latest}.`);
  return manifest;
}

export interface RestoreOptions extends BackupOptions {
  /** Restore over a database or image store that is not empty. */
  force?: boolean;
}

/**
 * Restores a backup made by createBackup into the deployment the config names. Checks the
 * manifest first and refuses a target that holds data unless forced; then the database, the
 * objects and the secrets, and last the migrations this version of the app adds. The server
 * must be stopped meanwhile.
 */
export async function restoreBackup(config: Config, fromDir: string, opts: RestoreOptions = {}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const dir = path.resolve(fromDir);
  log(`Checking ${dir} against its manifest ...`);
  const manifest = await readVerifiedManifest(dir);
  if (manifest.engine !== config.database.kind) {
    throw new BackupError(`The backup is of a ${manifest.engine} database, but DATABASE_URL selects ${config.database.kind}.`);
  }
  if (manifest.migration.latest && !(manifest.migration.latest in migrations)) {
    throw new BackupError(`The backup was made by a newer version of the app (migration ${manifest.migration.latest} is unknown here): restore it with that version.`);
  }
  const storage = opts.storage ?? createStorage(config);
  const occupied: string[] = [];

  if (config.database.kind === 'sqlite') {
    if (sqliteHasTables(config.database.file)) occupied.push(`the SQLite database ${config.database.file} has tables`);
    if (await storeHasObjects(storage)) occupied.push('the image store holds objects');
    refuseOccupied(occupied, opts.force);
    log(`Putting the database in place at ${config.database.file} ...`);
    await restoreSqlite(path.join(dir, manifest.database), config.database.file);
  } else {
    const pgInfo = manifest.postgres as NonNullable<Manifest['postgres']>;
    const db = createDb(config.database);
    try {
      const target = await searchPathSchema(db);
      if (target !== pgInfo.schema) {
        throw new BackupError(
          `The backup holds schema "${pgInfo.schema}", but DATABASE_URL's search_path selects "${target ?? '(none)'}"; ` +
            `restore into a database where the app reads "${pgInfo.schema}" (e.g. ?options=-c%20search_path%3D${pgInfo.schema}).`,
        );
      }
      if ((await postgresTableCount(db, pgInfo.schema)) > 0) occupied.push(`schema "${pgInfo.schema}" has tables`);
      if (await storeHasObjects(storage)) occupied.push('the image store holds objects');
      refuseOccupied(occupied, opts.force);
      const client = await toolVersion('pg_restore');
      checkRestoreVersion(client, pgInfo.dumpVersion);
      const missing = await preparePostgresTarget(db, pgInfo.schema, pgInfo.extensions);
      if (missing.length) log(`Could not create the extensions ${missing.join(', ')}; the restore goes on without them.`);
      log(`Restoring schema "${pgInfo.schema}" with pg_restore ${client.text} ...`);
    } finally {
      await db.destroy();
    }
    await restoreDump(config.database.url, path.join(dir, manifest.database));
  }

  const objects = await restoreObjects(storage, dir, manifest.files);
  const secrets = await restoreSecrets(config.dataDir, dir, manifest.files);
  log(`Restored ${objects} objects and ${secrets} secrets; migrating ...`);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  log(`Restore finished from the backup of ${manifest.createdAt} (migration ${manifest.migration.latest}).`);
  return manifest;
}

function refuseOccupied(occupied: string[], force = false): void {
  if (occupied.length && !force) {
    throw new BackupError(`The target is not empty (${occupied.join('; ')}). Nothing was restored; run again with --force to restore over it.`);
  }
}
