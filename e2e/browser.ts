import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { LOCALES, type Language } from '../src/common/languages';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const dataDir = process.env.E2E_DATA_DIR ?? '';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

/** The browser of a spec file: launched before its tests, closed after them; read it in a test. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

/** A fresh browser context (own cookies and storage) with a language and a phone or desktop size. */
export async function newPage(browser: Browser, opts: { locale?: string; mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: opts.locale ?? 'en-US',
    viewport: opts.mobile ? { width: 375, height: 740 } : { width: 1280, height: 860 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  return { context, page };
}

/**
 * The start of a journey in a language: a fresh page in that language's locale, and an id unique to
 * this run for the accounts and texts the journey creates, so they never meet an earlier run's.
 */
export async function startJourney(browser: Browser, lang: Language): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const { context, page } = await newPage(browser, { locale: LOCALES[lang] });
  return { context, page, id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}` };
}

export function jsErrors(page: Page): string[] {
  return (page as Page & { jsErrors?: string[] }).jsErrors ?? [];
}

/** Runs axe on the current page (through the DevTools protocol, so the CSP stays on) and expects no violations. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Screens load lazily: check once the screen has rendered its heading, not the empty shell.
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  // A toast fading in is half transparent, and axe would measure its text mid-fade: wait for
  // running transitions to end (bounded, so an endless animation cannot hang the run).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2000 })
    .catch(() => undefined);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}
