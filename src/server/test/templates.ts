import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { seed } from '../seed/index';

// Every test app used to migrate and seed its own database: about a second each on PostgreSQL
// and half that on SQLite, for several hundred apps a run. The suite's global setup now builds
// one migrated, reference-seeded database per engine, and each app starts from a copy: a file
// copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL (a quarter of a second). The app
// still runs migrate and seed on its copy, which find nothing to do, so a template that somehow
// lagged behind the code would be brought up to date rather than tested stale.

/** Where the templates are, as the global setup hands them to the test files. */
export interface DatabaseTemplates {
  sqliteFile: string;
  /** The template database's name on TEST_DATABASE_URL's server. */
  postgresDatabase?: string;
}

/** The schema the PostgreSQL template (and so every copy) keeps the app's tables in. */
export const TEMPLATE_SCHEMA = 'app';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function migrateAndSeed(database: Config['database']): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: '0' });
  const db = createDb(database);
  try {
    await migrateToLatest(db);
    await seed({ db, config: { ...config, database } }, { demo: false });
  } finally {
    await db.destroy();
  }
}

/** Builds the templates of a test run; `drop` removes them again. */
export async function buildTemplates(postgresUrl: string | undefined): Promise<{ templates: DatabaseTemplates; drop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tgs-template-'));
  const sqliteFile = path.join(dir, 'app.db');
  await migrateAndSeed({ kind: 'sqlite', file: sqliteFile });
  let postgresDatabase: string | undefined;
  if (postgresUrl) {
    postgresDatabase = `tgs_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await onServer(postgresUrl, `create database ${quoted(postgresDatabase)}`);
    const url = databaseUrl(postgresUrl, postgresDatabase);
    await onServer(url, `create schema ${TEMPLATE_SCHEMA}`);
    await migrateAndSeed({ kind: 'postgres', url, schema: TEMPLATE_SCHEMA });
  }
  return {
    templates: { sqliteFile, postgresDatabase },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      if (postgresUrl && postgresDatabase) await onServer(postgresUrl, `drop database if exists ${quoted(postgresDatabase)} with (force)`);
    },
  };
}

/** A copy of the SQLite template at `file`. */
export function copySqliteTemplate(templates: DatabaseTemplates, file: string): void {
  copyFileSync(templates.sqliteFile, file);
}

/** A new database copied from the PostgreSQL template, and how to drop it. */
export async function copyPostgresTemplate(
  templates: DatabaseTemplates,
  serverUrl: string,
): Promise<{ database: Config['database']; drop(): Promise<void> }> {
  if (!templates.postgresDatabase) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set when the run started');
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(serverUrl, `create database ${quoted(name)} template ${quoted(templates.postgresDatabase)}`);
  return {
    database: { kind: 'postgres', url: databaseUrl(serverUrl, name), schema: TEMPLATE_SCHEMA },
    drop: () => onServer(serverUrl, `drop database if exists ${quoted(name)} with (force)`),
  };
}
