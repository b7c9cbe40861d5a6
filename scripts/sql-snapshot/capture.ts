import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  Kysely,
  OperationNodeTransformer,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  RawNode,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  type QueryCompiler,
  type UnknownRow,
} from 'kysely';
import type { SQLiteDatabase } from '../../src/server/db/sqlite-driver';
import type { Database } from '../../src/server/db/schema';

/** The dialect a capturing database speaks to the app; both run on one SQLite file. */
export type CaptureMode = 'sqlite' | 'postgres';

/** One query as the server ran it: where, in which tour step, with which SQL (values stay placeholders). */
export interface CapturedQuery {
  /** The tour step that caused it (its index), so the two passes can be lined up. */
  step: number;
  /** The module whose code ran it: the first frame under src/server/modules/<name>/. */
  module: string;
  /** file:line:column of that frame; only used to pair the two passes, never written. */
  site: string;
  sql: string;
  parameters: readonly unknown[];
}

/** The tour step running now; queries (and the work they start) inherit it through async calls. */
export const stepContext = new AsyncLocalStorage<{ step: number; module: string }>();

const ROOT = '/src/server/';

/**
 * Where the current query comes from: the first app frame of the stack (the line that called
 * `.execute()`), and the module of the first frame under src/server/modules/ (a shared helper
 * such as db/index.ts files its query under the module that called it).
 */
function callSite(fallback: string): { module: string; site: string } {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  let site: string | undefined;
  let outside: string | undefined;
  for (const line of stack.split('\n').slice(1)) {
    const at = /\(?((?:file:\/\/)?[^()\s]+):(\d+):(\d+)\)?\s*$/.exec(line);
    if (!at) continue;
    const file = (at[1] as string).replace(/\\/g, '/');
    const i = file.lastIndexOf(ROOT);
    if (i < 0 || file.includes('/node_modules/')) continue;
    const rel = file.slice(i + ROOT.length);
    site ??= `${rel}:${at[2]}:${at[3]}`;
    const module = /^modules\/([^/]+)\//.exec(rel)?.[1];
    if (module) return { module, site };
    outside ??= /^([^/]+)\//.exec(rel)?.[1] ?? rel.replace(/\.[tj]sx?$/, '');
  }
  return { module: outside ?? fallback, site: site ?? `?${fallback}` };
}

/** Strips PostgreSQL's row locks so a query of the PostgreSQL pass runs on SQLite (which has a single writer anyway). */
class LockStripper extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const out = super.transformSelectQuery(node, queryId);
    if (!out.endModifiers?.length) return out;
    const kept = out.endModifiers.filter((m) => !m.modifier || !['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare', 'NoWait', 'SkipLocked'].includes(m.modifier));
    return { ...out, endModifiers: kept.length ? kept : undefined };
  }
}

/** Statements that only exist on PostgreSQL and have nothing to do on a single-writer SQLite file. */
const POSTGRES_ONLY = /^\s*(lock\s+table|select\s+pg_advisory_xact_lock)\b/i;
/**
 * Full-text search and PostgreSQL's casts (`::int[]` of an owner list) have no SQLite twin to run
 * in the PostgreSQL pass: recorded, answered with no rows.
 */
const POSTGRES_FULL_TEXT = /@@|::|\b(to_tsvector|to_tsquery|websearch_to_tsquery|setweight)\s*\(/i;

/**
 * Records every query the app runs through a Kysely instance, with the module and line that
 * ran it. Only queries that passed through the plugin (the app's own) are recorded; the
 * driver's begin/commit/savepoint statements are not.
 */
export class QueryRecorder {
  readonly queries: CapturedQuery[] = [];
  private readonly sites = new WeakMap<QueryId, { module: string; site: string }>();
  /** Whether queries are recorded now (migrations and seed run before it is switched on). */
  on = false;

  readonly plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
      // Builders used as subqueries pass here too under their own id; they never execute, so their entry stays unused.
      if (this.on && !this.sites.has(queryId)) this.sites.set(queryId, callSite(stepContext.getStore()?.module ?? 'other'));
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
  };

  record(compiled: CompiledQuery): void {
    const where = this.on ? this.sites.get(compiled.queryId) : undefined;
    if (!where) return;
    const ctx = stepContext.getStore();
    this.queries.push({ step: ctx?.step ?? -1, module: where.module, site: where.site, sql: compiled.sql, parameters: compiled.parameters });
  }
}

class CaptureConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly mode: CaptureMode,
    private readonly recorder: QueryRecorder,
  ) {}

  /** The statement SQLite runs for a query compiled in this connection's dialect. */
  private forSqlite(compiled: CompiledQuery): CompiledQuery | null {
    if (this.mode === 'sqlite') return compiled;
    // Full text may sit inside a built query too (a list's text filter): any statement using it is skipped.
    if ((RawNode.is(compiled.query) && POSTGRES_ONLY.test(compiled.sql)) || POSTGRES_FULL_TEXT.test(compiled.sql)) return null;
    const node = new LockStripper().transformNode(compiled.query) as RootOperationNode;
    const { sql, parameters } = new SqliteQueryCompiler().compileQuery(node, compiled.queryId);
    return { ...compiled, sql, parameters };
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.recorder.record(compiled);
    const runnable = this.forSqlite(compiled);
    if (!runnable) return { rows: [] };
    return this.inner.executeQuery<R>(runnable);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.recorder.record(compiled);
    const runnable = this.forSqlite(compiled);
    if (!runnable) throw new Error(`cannot stream ${compiled.sql}`);
    return this.inner.streamQuery<R>(runnable, chunkSize);
  }
}

/** SQLite's driver, with every statement recorded (and, in the PostgreSQL pass, recompiled for SQLite first). */
class CaptureDriver implements Driver {
  private readonly inner: SqliteDriver;

  constructor(
    database: SQLiteDatabase,
    private readonly mode: CaptureMode,
    private readonly recorder: QueryRecorder,
  ) {
    this.inner = new SqliteDriver({ database });
  }

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new CaptureConnection(await this.inner.acquireConnection(), this.mode, this.recorder);
  }
  beginTransaction(connection: DatabaseConnection) {
    return this.inner.beginTransaction(connection);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    return this.inner.savepoint(connection, name, compileQuery);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint(connection, name, compileQuery);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint(connection, name, compileQuery);
  }
  releaseConnection() {
    return this.inner.releaseConnection();
  }
  destroy() {
    return this.inner.destroy();
  }
}

/**
 * A Kysely instance on a SQLite file that the app takes for SQLite or, in `postgres` mode, for
 * PostgreSQL: adapter and compiler are PostgreSQL's, so every engine branch of the repos
 * (`isPostgresDb`) takes its PostgreSQL path and the recorder sees PostgreSQL's SQL, while each
 * statement is recompiled for SQLite (row locks and `lock table` dropped) and runs on the file.
 * One real run per mode thus yields both dialects without a PostgreSQL server.
 */
export function createCaptureDb(database: SQLiteDatabase, mode: CaptureMode, recorder: QueryRecorder): Kysely<Database> {
  const dialect: Dialect = {
    createAdapter: () => (mode === 'postgres' ? new PostgresAdapter() : new SqliteAdapter()),
    createDriver: () => new CaptureDriver(database, mode, recorder),
    createQueryCompiler: () => (mode === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    createIntrospector: (db) => (mode === 'postgres' ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
  };
  return new Kysely<Database>({ dialect, plugins: [recorder.plugin] });
}
