import { describe, expect, it } from 'vitest';
import { checkDumpVersion, checkRestoreVersion, libpqEnv, parseToolVersion, serverVersion, withoutSchemaEntry } from './postgres';

describe('the PostgreSQL tools', () => {
  it('reads the versions of the tools and of the server', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({ major: 15, minor: 20, text: '15.20' });
    expect(parseToolVersion('pg_restore (PostgreSQL) 17.2')).toEqual({ major: 17, minor: 2, text: '17.2' });
    expect(parseToolVersion('command not found')).toBeNull();
    expect(serverVersion(150020)).toEqual({ major: 15, minor: 20, text: '15.20' });
    expect(serverVersion(170002).text).toBe('17.2');
  });

  it('refuses a pg_dump older than the server, naming the client to install', () => {
    const client = { major: 15, minor: 20, text: '15.20' };
    expect(() => checkDumpVersion(client, serverVersion(160004))).toThrow(/pg_dump 15\.20 is older than the PostgreSQL server \(16\.4\).*postgresql-client-16/);
    expect(() => checkDumpVersion(client, serverVersion(150020))).not.toThrow();
    expect(() => checkDumpVersion(client, serverVersion(140011))).not.toThrow();
    expect(() => checkRestoreVersion(client, '16.4')).toThrow(/pg_restore 15\.20 cannot read a dump made by pg_dump 16\.4/);
    expect(() => checkRestoreVersion(client, '15.2')).not.toThrow();
  });

  it('hands the connection to the tools in libpq variables, the password kept off the command line', () => {
    expect(libpqEnv('postgres://app:s%40cret@db.internal:6543/tgs?sslmode=require&options=-c%20search_path%3Dtgs&ssl=true')).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'app',
      PGPASSWORD: 's@cret',
      PGDATABASE: 'tgs',
      PGSSLMODE: 'require',
      PGOPTIONS: '-c search_path=tgs',
    });
    expect(libpqEnv('postgresql://root@[::1]/test')).toEqual({ PGHOST: '::1', PGUSER: 'root', PGDATABASE: 'test' });
  });

  it("leaves the schema's own entries out of a restore's list, and every object in it", () => {
    const list = [
      ';     Format: CUSTOM',
      '9; 2615 26282 SCHEMA - tgs root',
      '3612; 0 0 COMMENT - SCHEMA tgs root',
      '6; 2615 2200 SCHEMA - public pg_database_owner',
      '302; 1259 26283 TABLE tgs users root',
      '3613; 0 0 COMMENT tgs TABLE users root',
      '3605; 0 26283 TABLE DATA tgs users root',
    ].join('\n');
    expect(withoutSchemaEntry(list).split('\n')).toEqual([
      ';     Format: CUSTOM',
      '302; 1259 26283 TABLE tgs users root',
      '3613; 0 0 COMMENT tgs TABLE users root',
      '3605; 0 26283 TABLE DATA tgs users root',
    ]);
  });
});
