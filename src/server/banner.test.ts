import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';
import { DEMO_LOGINS } from './seed/demo/index';

const base = { publicUrl: 'http://localhost:3000', dataDir: '/srv/tgs/data', database: { kind: 'sqlite', file: '/srv/tgs/data/app.db' }, logLevel: 'info' } as const;

describe('the start banner', () => {
  it('names the address, the German address, the demo logins and where the data lives', () => {
    const text = startBanner(base, DEMO_LOGINS);
    expect(text).toContain('http://localhost:3000/\n');
    expect(text).toContain('http://localhost:3000/de/\n');
    expect(text).toContain('lena@demo.tattooguestspots.test (artist)');
    expect(text).toContain('studio@demo.tattooguestspots.test (studio)');
    expect(text).toContain('password demo1234!');
    expect(text).toContain('/srv/tgs/data (SQLite database');
    expect(text).toContain('one line per request');
  });

  it('names no logins without the demo world, PostgreSQL as the database, and a quiet log', () => {
    const text = startBanner({ ...base, database: { kind: 'postgres', url: 'postgres://x@h/db' }, logLevel: 'warn' }, null);
    expect(text).not.toContain('demo');
    expect(text).toContain('PostgreSQL; uploaded images and mails in /srv/tgs/data');
    expect(text).toContain('warnings and errors (LOG_LEVEL=warn)');
    expect(text.split('\n').length).toBeLessThan(12);
  });
});
