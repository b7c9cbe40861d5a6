import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('fault points', () => {
  const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'tgs-faults-config-'));
  afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));

  it('are refused outside NODE_ENV=test with a message naming the setting', () => {
    for (const NODE_ENV of ['development', 'production']) {
      let caught: unknown;
      try {
        loadConfig({ NODE_ENV, FAULT_POINT: 'upload-after-store', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://example.test', DATA_DIR });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).problems).toEqual([expect.stringMatching(/^FAULT_POINT: only with NODE_ENV=test/)]);
    }
  });

  it('refuse a name that is no fault point', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FAULT_POINT: 'somewhere', DATA_DIR })).toThrow(/FAULT_POINT/);
  });

  it('are read under NODE_ENV=test, and none when unset', () => {
    expect(loadConfig({ NODE_ENV: 'test', FAULT_POINT: 'payment-after-capture', DATA_DIR }).faultPoint).toBe('payment-after-capture');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR }).faultPoint).toBeNull();
  });

  it('kill the process with SIGKILL at the armed point only', () => {
    const script = [
      "import { armFaultPoint, faultPoint } from './src/server/lib/faults.ts';",
      "armFaultPoint('upload-after-row');",
      "faultPoint('upload-after-store');",
      "process.stdout.write('passed the unarmed point;');",
      "faultPoint('upload-after-row');",
      "process.stdout.write('passed the armed point');",
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout).toBe('passed the unarmed point;');
  });
});
