import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';
import { DEMO_LOGINS } from './seed/demo/index';
import { expectToContainAll } from './test/expect-text';

const base = { publicUrl: 'http://localhost:3000', dataDir: '/srv/tgs/data', database: { kind: 'sqlite', file: '/srv/tgs/data/app.db' }, logLevel: 'info' } as const;

describe('the start banner', () => {
  it('names the address, the German address, the demo logins and where the data lives', () => {
    expectToContainAll(startBanner(base, DEMO_LOGINS), [
      'http://localhost:3000/\n',
      'http://localhost:3000/de/\n',
      'lena@demo.tattooguestspots.test (artist)',
      'studio@demo.tattooguestspots.test (studio)',
      'password demo1234!',
      '/srv/tgs/data (SQLite database',
      'one line per request',
    ]);
  });

  it('names no logins without the demo world, PostgreSQL as the database, and a quiet log', () => {
    const text = startBanner({ ...base, database: { kind: 'postgres', url: 'postgres://x@h/db' }, logLevel: 'warn' }, null);
    expect(text).not.toContain('demo');
    expect(text).toContain('PostgreSQL; uploaded images and mails in /srv/tgs/data');
    expect(text).toContain('warnings and errors (LOG_LEVEL=warn)');
    expect(text.split('\n').length).toBeLessThan(12);
  });
});
