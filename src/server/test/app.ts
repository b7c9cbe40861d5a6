import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { seed } from '../seed/index';
import { copyPostgresTemplate, copySqliteTemplate } from './templates';

export type Engine = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs a describe block once per engine. */
export function describeEachEngine(name: string, fn: (engine: Engine) => void): void {
  for (const engine of engines) describe(`${name} [${engine}]`, () => fn(engine));
}

/** A fresh PostgreSQL schema in TEST_DATABASE_URL's database, and how to drop it again. */
export async function createTestSchema(prefix = 't'): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await query(`create schema ${schema}`);
  return { url, schema, drop: () => query(`drop schema ${schema} cascade`) };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A whole app on a fresh database, so that test files run in parallel without seeing each other:
 * a temporary SQLite file, or a PostgreSQL database of its own, each copied from the run's
 * migrated and seeded template (src/server/test/templates.ts); with demo content, a fresh
 * PostgreSQL schema seeded from scratch.
 */
export async function createTestApp(
  engine: Engine = 'sqlite',
  overrides: Record<string, string> = {},
  opts: { demo?: boolean; webDist?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    DEMO_DATA: '0',
    // Settings that need PostgreSQL (EVENTS=postgres) are checked against the engine in use.
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...overrides,
  });
  const templates = opts.demo ? undefined : inject('databaseTemplates');
  let dropDatabase: (() => Promise<void>) | undefined;
  if (engine === 'postgres') {
    const copy = templates ? await copyPostgresTemplate(templates, process.env.TEST_DATABASE_URL as string) : await createTestSchema();
    config.database = 'database' in copy ? copy.database : { kind: 'postgres', url: copy.url, schema: copy.schema };
    dropDatabase = copy.drop;
  } else if (templates && config.database.kind === 'sqlite') {
    copySqliteTemplate(templates, config.database.file);
  }
  config.webDist = opts.webDist;
  const db = createDb(config.database);
  await migrateToLatest(db);
  await seed({ db, config }, { demo: opts.demo ?? false });
  const app = await buildApp(config, { db });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on `first`'s database (its schema on PostgreSQL), as a second server process of
 * one deployment would be; close it before `first`.
 */
export async function createPeerApp(first: Pick<TestApp, 'config'>): Promise<FastifyInstance> {
  const app = await buildApp(first.config, { db: createDb(first.config.database) });
  await app.ready();
  return app;
}

/**
 * A test app for the enclosing describe block: made before its tests (then `setup` runs on it)
 * and closed after them. Its `app` and `config` are read at call time, once `beforeAll` ran.
 */
export function useTestApp(
  engine: Engine,
  setup?: (t: TestApp) => Promise<void>,
  overrides: Record<string, string> = {},
  opts: { demo?: boolean; webDist?: string } = {},
): TestApp {
  let current: TestApp | undefined;
  const ready = () => {
    if (!current) throw new Error('the test app is made in beforeAll');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(engine, overrides, opts);
    await setup?.(current);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get app() {
      return ready().app;
    },
    get config() {
      return ready().config;
    },
    close: () => ready().close(),
  };
}
