// npm run bench:preview: the split editor's live preview as a person feels it, in Chromium. The app
// is built and served on 127.0.0.1 with a temporary DATA_DIR and the demo seeded; the label uploads
// a DistroKid statement of BENCH_RECORDS records (100,000) for Glass Harbor, then:
//
// (b) opening the product page (loading it anew) from the dashboard once it shows its figures, from
//     the navigation's start to the frame painted with its title, and with the payouts, timed in
//     the page; BENCH_OPENS times (5). The first open is printed apart: the browser has not kept
//     the page's code yet, nor the server the product's records (server/byteCache.ts);
// (c) BENCH_EDITS (20) edits of the base split: one share goes up half a point (the splits no longer
//     total 100%), then another comes down as much; timed in the page from the second change's
//     input event to the next frame painted after the payouts table shows the new figures;
// (a) then the product's preview input, as the engine worker fetches it, BENCH_OPENS times, its
//     records kept by the server since (b): time to the first byte, to the last, and the bytes on
//     the wire (compressed as the browser asks) and decoded.
//
// Prints p50/p95/max; never fails on time. Goals: the page opens in under 1 s, and an edit reaches
// the figures on screen in under 100 ms.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { DEMO_PASSWORD } from '../server/seed';
import { CHROMIUM } from '../tests/e2e/chromium';
import { DISTROKID_HEADER, portalClient } from './benchPortal';
import { percentile } from './benchStats';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const OPENS = Number(process.env.BENCH_OPENS ?? 5);
const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 8098);
const ISRC = 'QZDM12600002';
const MONTH = '2026-10';

const portal = portalClient(PORT);
const STORES = ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music', 'Deezer', 'Tidal'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'MX', 'CA', 'OU'];

/** Glass Harbor's statement: RECORDS rows of one ISRC over stores and countries. */
function statementFile(): string {
  const rows = [DISTROKID_HEADER];
  for (let row = 0; row < RECORDS; row++) {
    const micros = ((row * 7919) % 9_000_000) + 1;
    const earnings = new Decimal(micros).div(1_000_000).toFixed();
    rows.push(
      `${MONTH}-28\t${MONTH}\t${STORES[row % STORES.length]}\tAria Vale\tGlass Harbor\t${ISRC}\t\t${(row % 90) + 1}\t100\tSong\t${COUNTRIES[row % COUNTRIES.length]}\t0\t${earnings}\n`,
    );
  }
  return rows.join('');
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (value: number) => value.toFixed(1);
  return `p50 ${f(percentile(sorted, 0.5))} ms, p95 ${f(percentile(sorted, 0.95))} ms, max ${f(sorted[sorted.length - 1] ?? 0)} ms (${sorted.length} runs)`;
};

const PAYOUTS = 'Payouts under these splits';

/**
 * Watches each page the browser loads (an init script, run before the portal's code): the
 * milliseconds from the navigation's start (the page's time origin) to the frame painted after the
 * product's title shows, and after the payouts table shows the label's row. Timed in the page, as
 * the edits are: Playwright's own waiting polls, and would add up to 100 ms.
 */
const WATCH_OPENING = `(() => {
  const marks = {};
  window.__productOpening = marks;
  const mark = (name) => requestAnimationFrame(() => { marks[name] ??= performance.now(); });
  const observer = new MutationObserver(() => {
    if (marks.titleSeen === undefined) {
      const titles = [...document.querySelectorAll('h1')];
      if (titles.some((title) => title.textContent.includes('Glass Harbor'))) { marks.titleSeen = true; mark('title'); }
    }
    const table = document.querySelector(${JSON.stringify(`[aria-label="${PAYOUTS}"]`)});
    if (table && [...table.querySelectorAll('[role="row"]')].some((row) => row.textContent.includes('Lena Label'))) {
      observer.disconnect();
      mark('payouts');
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/** Navigation to the product page: until its title shows, and until the payouts show the label. */
async function open(page: Page, path: string): Promise<{ title: number; payouts: number }> {
  await page.goto(path);
  await page
    .getByRole('table', { name: PAYOUTS })
    .getByRole('row', { name: /Lena Label/ })
    .waitFor();
  const marks = () =>
    page.evaluate(
      () =>
        (window as unknown as { __productOpening: { title?: number; payouts?: number } })
          .__productOpening,
    );
  // The frame after the payouts painted is marked at most a frame after Playwright saw them.
  let seen = await marks();
  for (let tries = 0; seen.payouts === undefined || seen.title === undefined; tries++) {
    if (tries === 50) throw new Error(`the page's marks are missing: ${JSON.stringify(seen)}`);
    await page.waitForTimeout(20);
    seen = await marks();
  }
  return { title: seen.title, payouts: seen.payouts };
}

/**
 * Arms the page: answers, once the payouts table is back with figures other than `before` and
 * nothing is being recalculated, the milliseconds from the next input event to the frame after.
 */
function armed(page: Page, before: string): Promise<number> {
  // Given as text: the page runs it as written, without the helpers a bundler adds to functions.
  return page.evaluate(`new Promise((resolve) => {
    const before = ${JSON.stringify(before)};
    let typed = 0;
    document.addEventListener('input', () => { typed = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!typed) return;
      const shown = document.querySelector(${JSON.stringify(`[aria-label="${PAYOUTS}"]`)});
      const region = shown && shown.closest('section');
      if (!shown || !region || shown.textContent === before) return;
      // A stale table (the figures of the splits before) says it is recalculating.
      if (region.querySelectorAll('.page-note').length > 1) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - typed));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`);
}

async function edits(page: Page): Promise<number[]> {
  const base = page.getByRole('region', { name: 'Base split 1' });
  const lena = base.getByRole('textbox', { name: 'Percentage for Lena Label' });
  const aria = base.getByRole('textbox', { name: /^Percentage for Aria/ });
  const lenaStart = new Decimal(await lena.inputValue());
  const ariaStart = new Decimal(await aria.inputValue());
  const times: number[] = [];
  for (let edit = 0; edit < EDITS; edit++) {
    const step = new Decimal(edit % 2 === 0 ? '0.5' : '0');
    const table = page.getByRole('table', { name: PAYOUTS });
    await table.waitFor();
    const before = (await table.textContent()) ?? '';
    await lena.fill(lenaStart.plus(step).toFixed());
    await page.getByText('Fix the splits to see the payouts.').waitFor();
    const shown = armed(page, before);
    await aria.fill(ariaStart.minus(step).toFixed());
    times.push(await shown);
  }
  return times;
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD)
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const work = mkdtempSync(join(tmpdir(), 'bench-preview-'));
  const server = await portal.startServer({ name: 'pglite', dataDir: work });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const label = await portal.login('label@demo.label');
    const uploading = performance.now();
    const statement = await portal.upload(
      label,
      await portal.distroKid(label),
      MONTH,
      statementFile(),
    );
    await portal.waitForStatus(label, statement, 'waiting-for-funds');
    console.info(
      `Glass Harbor's ${MONTH} statement of ${RECORDS} records read in ${Math.round(performance.now() - uploading)} ms`,
    );
    const products = await portal.json<{ items: { id: string; title: string }[] }>(
      label,
      '/api/products?q=Glass%20Harbor',
    );
    const product = products.items.find((item) => item.title === 'Glass Harbor')?.id ?? '';

    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
    const page = await context.newPage();
    await page.addInitScript(WATCH_OPENING);
    await page.goto('/login');
    await page.getByLabel('Username').fill('label@demo.label');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    // The dashboard shows its figures before the product page is opened, as a person would see
    // them before going on: a navigation while they load leaves the server their queries.
    await page.getByTestId('dashboard-person').waitFor();
    const opens: { title: number; payouts: number }[] = [];
    for (let run = 0; run < OPENS; run++) opens.push(await open(page, `/products/${product}`));
    const [first, ...again] = opens;
    console.info(
      `(b) product page, first open (its code and its records kept by neither the browser nor the server yet): title ${first?.title.toFixed(0)} ms, payouts ${first?.payouts.toFixed(0)} ms`,
    );
    console.info(`    opened again, to its title: ${summary(again.map((o) => o.title))}`);
    console.info(
      `    opened again, to the payouts on screen: ${summary(again.map((o) => o.payouts))}`,
    );
    console.info(
      `    each, in ms: ${opens.map((o) => `${o.title.toFixed(0)}/${o.payouts.toFixed(0)}`).join(', ')}`,
    );
    console.info(`(c) split edit to figures on screen: ${summary(await edits(page))}`);
    await context.close();

    const inputs = [];
    for (let run = 0; run < OPENS; run++) {
      const answer = await portal.call(
        'GET',
        `/api/products/${product}/preview-input?format=table`,
        label,
      );
      if (answer.status !== 200) throw new Error(`preview input: ${answer.status} ${answer.body}`);
      inputs.push(answer);
    }
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    console.info(
      `(a) preview input: first byte ${summary(inputs.map((a) => a.firstByteMs))}; last byte ${summary(inputs.map((a) => a.totalMs))}; ${mb(inputs[0]?.wireBytes ?? 0)} on the wire (${inputs[0]?.headers['content-encoding'] ?? 'identity'}), ${mb(Buffer.byteLength(inputs[0]?.body ?? ''))} decoded`,
    );
  } finally {
    await browser.close();
    await portal.stop(server);
    portal.agent.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
