import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './browser';

/**
 * A fresh context and page like browser.ts's `newPage`, for journeys that need another server
 * (`baseURL`) or a viewport of their own (the header's search box shows on wide screens only).
 * Its page errors and console errors are collected the same way, for `jsErrors(page)`.
 */
export async function customPage(
  browser: Browser,
  opts: { baseURL?: string; locale: string; viewport?: { width: number; height: number } },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: opts.baseURL ?? baseUrl, locale: opts.locale, viewport: opts.viewport ?? { width: 1280, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  return { context, page };
}
