import { existsSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result } from 'lighthouse';
import { profilePathTo } from '../src/common/routes';
import { buildIsStale } from './build-state';
import { startBuiltServer } from './built-server';

// Lighthouse (mobile defaults: a mid-range phone, slow 4G, 4x CPU slowdown) on the five public
// pages of the built app, served like production with the demo content from a temporary data
// folder. Each page runs three times; the table shows the median run. Needs `npm run build`.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium was not found at ${CHROMIUM} (sudo apt-get install chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}
if (buildIsStale()) {
  console.error('The web build is missing or older than its sources: run `npm run build` first.');
  process.exit(1);
}

/** The username of a demo artist with a portfolio: the first featured artist. */
async function demoProfile(baseUrl: string): Promise<string> {
  const body = (await (await fetch(`${baseUrl}/api/featured/artists?limit=1`)).json()) as { artists?: { username: string }[] };
  const username = body.artists?.[0]?.username;
  if (!username) throw new Error('The demo data has no featured artist.');
  // The profile's address, not the name: names may hold spaces ("Théo Flash" is /Th%C3%A9o-Flash).
  return profilePathTo(username);
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptBytes: number;
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function scriptTransfer(lhr: Result): number {
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items;
  return items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
}

function row(page: string, lhr: Result): Row {
  return {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    scriptBytes: scriptTransfer(lhr),
  };
}

/** Audit ids that cost points in a category, to say what to fix below the table. */
function failing(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit!.id} (${audit!.displayValue ?? audit!.score})`);
}

function printTable(rows: Row[]): void {
  const header = ['page', 'perf', 'a11y', 'best practices', 'SEO', 'LCP', 'CLS', 'TBT', 'JavaScript'];
  const lines = rows.map((r) => [
    r.page, String(r.performance), String(r.accessibility), String(r.bestPractices), String(r.seo),
    `${(r.lcpMs / 1000).toFixed(2)} s`, r.cls.toFixed(3), `${Math.round(r.tbtMs)} ms`, `${(r.scriptBytes / 1024).toFixed(1)} KB`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${format(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const line of lines) console.log(format(line));
}

const server = await startBuiltServer({ name: 'lighthouse' });
const baseUrl = server.baseUrl;
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });

let code = 0;
try {
  const pages: [string, string][] = [
    ['home', '/'],
    ['profile', await demoProfile(baseUrl)],
    ['gallery', '/tattoo-gallery'],
    ['guest spots', '/guestspots'],
    ['artists', '/tattooartists'],
  ];
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const [name, pagePath] of pages) {
    // A visitor's page is rendered once and then served from the page cache; measure that page,
    // not the one render after the server started (a cold render is hundreds of ms here).
    await (await fetch(`${baseUrl}${pagePath}`)).arrayBuffer();
    const runs: Result[] = [];
    // A run that never painted (the browser's first navigation now and then reports no first
    // contentful paint) measures nothing; it is run again, up to as many extra runs as counted ones.
    for (let i = 0, tries = 0; i < RUNS && tries < 2 * RUNS; tries++) {
      const result = await lighthouse(`${baseUrl}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      if (result.lhr.audits['first-contentful-paint']?.numericValue === undefined) {
        process.stdout.write(`${name} ${pagePath}: a run without a first paint (${result.lhr.runtimeError?.code ?? 'no error code'}), run again\n`);
        continue;
      }
      runs.push(result.lhr);
      i++;
      process.stdout.write(`${name} ${pagePath}: run ${i}/${RUNS}, performance ${score(result.lhr, 'performance')}\n`);
    }
    if (runs.length === 0) throw new Error(`No run of ${pagePath} painted anything.`);
    const median = computeMedianRun(runs);
    rows.push(row(`${name} (${pagePath})`, median));
    for (const category of ['performance', 'accessibility', 'best-practices', 'seo']) {
      const lost = failing(median, category);
      if (lost.length > 0) notes.push(`${name} ${category}: ${lost.join(', ')}`);
    }
  }
  printTable(rows);
  if (notes.length > 0) console.log(`\nAudits below full marks (median run):\n${notes.map((n) => `- ${n}`).join('\n')}`);
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(code);
