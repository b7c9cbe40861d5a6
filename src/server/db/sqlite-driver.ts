import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// better-sqlite3 12 wraps its objects in node::ObjectWrap, whose destructor aborts the process
// on Node 24.19 and later when a statement is collected outside a JS context; 13 moved to
// Node-API and is safe there but does not load on Node 20. Each runtime gets the one that
// works on it (both share one API); see docs/decisions/005.
const require = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);
const driver = major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

function load(): typeof BetterSqlite3 {
  try {
    return require(driver);
  } catch (err) {
    // 12 is an optional dependency (newer Node never needs its compile), so on Node 20 a failed
    // build surfaces here rather than during npm install.
    throw new Error(
      `The SQLite driver ${driver} for Node ${process.versions.node} could not be loaded (${(err as Error).message}). ` +
        'Run `npm install` again with a C++ toolchain (python3, make, g++), or set DATABASE_URL to a PostgreSQL database.',
      { cause: err },
    );
  }
}

/** The better-sqlite3 constructor for the running Node version. */
export const SQLite = load();
export type SQLiteDatabase = BetterSqlite3.Database;
