import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { canOpen } from '../../src/routes/access';
import { ROUTES } from '../../src/routes/table';
import type { AppRoute } from '../../src/routes/types';
import type { Session } from '../../api/session';
import { apiSession } from './helpers';

/**
 * The route table as a person walks it: every page they may open (as the navigation decides), with
 * the ids of detail pages taken from what that person's own lists show. Pages added to the table
 * later join the walk by themselves.
 */
export interface Stop {
  route: AppRoute;
  /** The address to open, or why the route is passed over. */
  path: string | null;
  skipped?: string;
}

/** `/statements/:id/logs` → `/api/statements`: the list its ids come from. */
const listOf = (path: string) => `/api/${path.split('/')[1] ?? ''}`;

async function firstId(api: Awaited<ReturnType<typeof apiSession>>, list: string) {
  const answer = await api.get(list);
  if (answer.status() !== 200) return null;
  const body = (await answer.json()) as { items?: { id?: string }[] } | { id?: string }[];
  const items = Array.isArray(body) ? body : (body.items ?? []);
  return items.find((item) => item.id)?.id ?? null;
}

export async function privateStops(baseURL: string, username: string): Promise<Stop[]> {
  const api = await apiSession(baseURL, username);
  try {
    const session = (await (await api.get('/api/session')).json()) as Session;
    const stops: Stop[] = [];
    const ids = new Map<string, string | null>();
    for (const route of ROUTES) {
      if (route.kind !== 'private') continue;
      if (route.redirectTo || route.externalUrl) continue;
      if (!canOpen(route, session)) {
        stops.push({ route, path: null, skipped: 'not allowed' });
        continue;
      }
      if (!route.path.includes(':')) {
        stops.push({ route, path: route.path });
        continue;
      }
      const list = listOf(route.path);
      if (!ids.has(list)) ids.set(list, await firstId(api, list));
      const id = ids.get(list);
      stops.push(
        id
          ? { route, path: route.path.replace(/:[A-Za-z]+/, id) }
          : { route, path: null, skipped: `no row in ${list}` },
      );
    }
    return stops;
  } finally {
    await api.dispose();
  }
}

export const publicRoutes = () => ROUTES.filter((route) => route.kind === 'public');

/** Every top-level section of the catalogue: a text `section.part.phrase` is a key left raw. */
const SECTIONS = new Set(
  Object.keys(JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, unknown>),
);
const KEY_SHAPE = /\b([a-z][a-z-]*)\.[a-z0-9-]+(?:\.[a-z0-9-]+)+\b/g;

export function rawKeys(text: string): string[] {
  return [...text.matchAll(KEY_SHAPE)]
    .filter((match) => SECTIONS.has(match[1] ?? ''))
    .map((match) => match[0]);
}

/** Words that mean a page is not finished, or a value that never arrived. */
const PLACEHOLDER =
  /lorem ipsum|\bTODO\b|\bFIXME\b|coming soon|\bplaceholder\b|\bTBD\b|\{\{|\[object Object\]|\bundefined\b|\bNaN\b/i;

export const placeholders = (text: string): string[] => text.match(PLACEHOLDER) ?? [];

const RAW_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** Words of the code and the machines, never of the trade (debug mode shows them, off here). */
const DEVELOPER_WORDS = /Internal state|person id|Developer UI kit|\bNONE\b|\bHOLD\b|\bPREPARE\b/g;

/** Raw ids and developer's words in a page's text: people read names and words of their trade. */
export const developerText = (text: string): string[] => [
  ...(text.match(RAW_ID) ?? []),
  ...(text.match(DEVELOPER_WORDS) ?? []),
];

/** Logged out, the app asks who is signed in and hears 401: the browser logs that answer. */
const SIGNED_OUT_PROBE = /Failed to load resource: .*status of 401/;

/** Collects the console errors and uncaught exceptions of a page from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || SIGNED_OUT_PROBE.test(message.text())) return;
    errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * Waits until the page has its data: the network is quiet and no preloader or loading note shows.
 * The UI kit's sample preloader stays on its page: waiting for it to go would only wait out the
 * timeout (8 s on each walk that opens the UI kit).
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => undefined);
  await page
    .locator('.preloader:not(.uikit-section .preloader)')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
}

/**
 * axe's check of a page, its violations in full. axe.run in the page itself (the app has no
 * frames), reporting each node of a violation and one of each rule's passes: the default run
 * writes a selector for every node of every rule, passes included, and hands them to a blank page
 * of its own to merge, three times the time for the same violations (checked page by page on
 * every page the admin opens, and on a page made of violations).
 */
export const axeCheck = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** What a person would notice on the page in view; empty when it is fine. */
export async function problemsOnPage(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const axe = await axeCheck(page).analyze();
  for (const violation of axe.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ');
    problems.push(`axe ${violation.impact} ${violation.id}: ${violation.help} (${where})`);
  }
  const text = await page.locator('body').innerText();
  for (const key of rawKeys(text)) problems.push(`raw i18n key: ${key}`);
  for (const word of placeholders(text)) problems.push(`placeholder: ${word}`);
  for (const word of developerText(text)) problems.push(`raw id or developer's word: ${word}`);
  return problems;
}

export const isNotFound = (page: Page) =>
  page
    .locator('.not-found')
    .count()
    .then((n) => n > 0);
