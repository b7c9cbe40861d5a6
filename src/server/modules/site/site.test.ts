import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { operatorWarning, presentSite } from './presenter';

const OPERATOR_ENV = {
  OPERATOR_NAME: 'Nadelwerk Plattform GmbH',
  OPERATOR_ADDRESS: 'Beispielweg 3, 04109 Leipzig, Deutschland',
  OPERATOR_EMAIL: 'kontakt@nadelwerk.example',
  OPERATOR_PHONE: '+49 341 000000',
  OPERATOR_VAT_ID: 'DE000000000',
  OPERATOR_REGISTER: 'Amtsgericht Leipzig, HRB 0000',
  OPERATOR_INSTAGRAM: '@nadelwerk.example',
};

describeEachEngine('GET /api/site', (engine) => {
  let configured: TestApp;
  let bare: TestApp;

  let demo: TestApp;

  beforeAll(async () => {
    configured = await createTestApp(engine, OPERATOR_ENV);
    bare = await createTestApp(engine);
    demo = await createTestApp(engine, { DEMO_DATA: '1' });
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
    await demo?.close();
  });

  it("answers the demo's example operator with its Instagram link", async () => {
    const res = await demo.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json().operator).toMatchObject({ example: true, instagramUrl: 'https://instagram.com/tgsdemo.tattooguestspots' });
  });

  it('answers the operator from the settings, public and cacheable', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      publicUrl: 'http://localhost:3000',
      operator: {
        name: OPERATOR_ENV.OPERATOR_NAME,
        address: OPERATOR_ENV.OPERATOR_ADDRESS,
        email: OPERATOR_ENV.OPERATOR_EMAIL,
        phone: OPERATOR_ENV.OPERATOR_PHONE,
        vatId: OPERATOR_ENV.OPERATOR_VAT_ID,
        register: OPERATOR_ENV.OPERATOR_REGISTER,
        instagramUrl: 'https://instagram.com/nadelwerk.example',
        example: false,
      },
    });
  });

  it('answers null, not an invented operator, when none is set', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ operator: null, publicUrl: 'http://localhost:3000' });
  });
});

describe('the operator of the settings', () => {
  let dataDir: string;
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://tgs.example', ...env });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-site-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the marked example with demo data outside production, with an Instagram handle for the footer, and leaves unset fields null', () => {
    const { operator } = presentSite(config({ NODE_ENV: 'development', DEMO_DATA: '1' }));
    expect(operator?.example).toBe(true);
    expect(operator?.vatId).toBeNull();
    expect(operator?.register).toBeNull();
    // A handle with the demo marker, so the link names no real account.
    expect(operator?.instagramUrl).toBe('https://instagram.com/tgsdemo.tattooguestspots');
  });

  it('links no Instagram in production without OPERATOR_INSTAGRAM, and the configured one with it', () => {
    const production = { NODE_ENV: 'production', DEMO_DATA: '1', OPERATOR_NAME: 'Ink Ltd' };
    expect(presentSite(config(production)).operator?.instagramUrl).toBeNull();
    expect(presentSite(config({ ...production, OPERATOR_INSTAGRAM: '@ink.ltd' })).operator?.instagramUrl).toBe('https://instagram.com/ink.ltd');
  });

  it('takes no example handle into a configured operator outside production', () => {
    expect(presentSite(config({ NODE_ENV: 'development', DEMO_DATA: '1', OPERATOR_NAME: 'Ink Ltd' })).operator?.instagramUrl).toBeNull();
  });

  it('is never the example in production, even with demo data', () => {
    expect(presentSite(config({ NODE_ENV: 'production', DEMO_DATA: '1' }))).toEqual({ operator: null, publicUrl: 'https://tgs.example' });
  });

  it('takes a full Instagram link as it is', () => {
    const { operator } = presentSite(config({ OPERATOR_NAME: 'Ink Ltd', OPERATOR_INSTAGRAM: 'https://www.instagram.com/ink.ltd/' }));
    expect(operator?.instagramUrl).toBe('https://www.instagram.com/ink.ltd/');
  });

  it('warns at start only in production without an operator', () => {
    expect(operatorWarning(config({ NODE_ENV: 'production' }))).toContain('OPERATOR_NAME');
    expect(operatorWarning(config({ NODE_ENV: 'production', OPERATOR_NAME: 'Ink Ltd' }))).toBeNull();
    expect(operatorWarning(config({ NODE_ENV: 'development' }))).toBeNull();
  });
});
