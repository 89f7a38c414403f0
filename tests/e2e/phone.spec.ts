import { expect, test, type Page } from './test';
import { approvedSongStatement, labelApi, login } from './helpers';

// A month no other browser test settles: the dashboard filtered to it shows this statement alone.
const MONTH = '2024-03';

/** A statement of that month with an amount of six characters, and the demo's product of two codes. */
async function statementAndProduct(baseURL: string) {
  const label = await labelApi(baseURL);
  // Made once on this worker's portal: the other test of the file may have made it already.
  const listed = await label.json<{ items: { id: string; period: string; status: string }[] }>(
    '/api/statements?limit=1000',
  );
  const made = listed.items.find((item) => item.period === MONTH);
  const statement =
    made?.id ??
    (await approvedSongStatement(label, {
      isrc: 'QZDM12600001',
      month: MONTH,
      earnings: '104.04',
      cashless: true,
      fileName: `phone-${Date.now()}.tsv`,
    }));
  const products = await label.json<{ items: { id: string }[] }>(
    '/api/products?q=Midnight%20Signals',
  );
  await label.api.dispose();
  return { statement, product: products.items[0]?.id ?? '' };
}

/**
 * What a 360 px screen gets wrong on the open page: an amount on two lines or past the screen's
 * edge, a word of a fact block broken across lines, a control (a button, link, field or tab) whose
 * right edge is past the screen's. Lists are left out: they scroll inside their own card.
 */
const phoneFaults = (page: Page) =>
  page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    const main = document.querySelector('.page-area');
    if (!main) return ['no page'];
    const inList = (element: Element) => element.closest('table, [role="table"]') !== null;
    const shown = (element: Element) => element.getClientRects().length > 0;
    for (const amount of main.querySelectorAll('.money')) {
      if (!shown(amount)) continue;
      const lines = new Set([...amount.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) faults.push(`amount on ${lines.size} lines: ${amount.textContent}`);
      if (!inList(amount) && amount.getBoundingClientRect().right > width + 0.5)
        faults.push(`amount past the edge: ${amount.textContent}`);
    }
    // Every word of a fact block (a definition list or a dashboard card) on one line.
    for (const block of main.querySelectorAll('dl, .dashboard-card')) {
      if (inList(block)) continue;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement && inList(node.parentElement)) continue;
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) faults.push(`word split: ${word[0]}`);
        }
      }
    }
    const controls = main.querySelectorAll(
      'button, a, input, select, textarea, [role="tab"], [role="button"]',
    );
    for (const control of controls) {
      if (!shown(control) || inList(control)) continue;
      const right = control.getBoundingClientRect().right;
      if (right > width + 0.5)
        faults.push(`control past the edge (${Math.round(right)} px): ${control.textContent}`);
    }
    return [...new Set(faults)];
  });

test('on a 360 px screen amounts stay on one line, fact words whole and every control on screen, for the label and the payee', async ({
  page,
  baseURL,
}) => {
  const { statement, product } = await statementAndProduct(baseURL ?? '');
  await page.setViewportSize({ width: 360, height: 740 });
  const visits: Record<string, { path: string; ready: (page: Page) => Promise<void> }[]> = {
    'label@demo.label': [
      {
        path: `/statements/${statement}`,
        ready: (page) => expect(page.getByTestId('received-funds')).toBeVisible(),
      },
      {
        path: `/products/${product}`,
        ready: (page) => expect(page.getByRole('group', { name: 'Splits for' })).toBeVisible(),
      },
      {
        path: `/dashboard?month=${MONTH}`,
        ready: (page) => expect(page.locator('.page-area .money').first()).toBeVisible(),
      },
      {
        path: '/payments',
        ready: (page) => expect(page.getByRole('group', { name: 'Payment status' })).toBeVisible(),
      },
      {
        path: '/transactions',
        ready: (page) =>
          expect(page.getByRole('group', { name: 'Transaction status' })).toBeVisible(),
      },
    ],
    'payee@demo.label': [
      {
        path: `/earnings/${statement}`,
        ready: (page) => expect(page.locator('.page-area dl .money').first()).toBeVisible(),
      },
      {
        path: `/dashboard?month=${MONTH}`,
        ready: (page) => expect(page.locator('.page-area .money').first()).toBeVisible(),
      },
      {
        path: '/payments',
        ready: (page) => expect(page.getByRole('group', { name: 'Payment status' })).toBeVisible(),
      },
    ],
  };
  const faults: Record<string, string[]> = {};
  for (const [username, pages] of Object.entries(visits)) {
    await page.context().clearCookies();
    await login(page, username);
    for (const visit of pages) {
      await page.goto(visit.path);
      await visit.ready(page);
      const found = await phoneFaults(page);
      if (found.length > 0) faults[`${username} ${visit.path}`] = found;
    }
  }
  expect(faults).toEqual({});
});

/** How each tab of the page's tab bars looks, chosen or not: one style is one entry of each. */
const tabLooks = (page: Page) =>
  page
    .locator('[role="tab"], [role="tablist"] a, nav.tab-bar a, nav.statement-tabs a')
    .evaluateAll((tabs) =>
      tabs.map((tab) => {
        const style = getComputedStyle(tab);
        const chosen =
          tab.getAttribute('aria-selected') === 'true' ||
          tab.getAttribute('aria-current') === 'page';
        return JSON.stringify({
          chosen,
          padding: style.padding,
          font: `${style.fontSize} ${style.fontWeight}`,
          color: style.color,
          background: style.backgroundColor,
          border: [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth].join(),
          underline: style.borderBottomColor,
          radius: style.borderRadius,
          decoration: style.textDecorationLine,
        });
      }),
    );

test('at 1280 px the statement’s and the product’s tab bars look the same, and tabs move with the arrow keys', async ({
  page,
  baseURL,
}) => {
  const { statement, product } = await statementAndProduct(baseURL ?? '');
  await page.setViewportSize({ width: 1280, height: 800 });
  const looks = new Set<string>();
  await login(page, 'label@demo.label');
  // The statement's tabs and its result's views, then the product's sections: each bar once drawn.
  await page.goto(`/statements/${statement}`);
  await expect(page.getByRole('tablist', { name: 'Result' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Statement tabs' })).toBeVisible();
  for (const look of await tabLooks(page)) looks.add(look);
  await page.goto(`/products/${product}`);
  const sections = page.getByRole('tablist', { name: 'Product sections' });
  await expect(sections).toBeVisible();
  for (const look of await tabLooks(page)) looks.add(look);

  const chosen = [...looks].filter((look) => look.includes('"chosen":true'));
  const others = [...looks].filter((look) => look.includes('"chosen":false'));
  expect({ chosen, others }).toEqual({ chosen: [chosen[0]], others: [others[0]] });

  // The arrow keys move to the next tab and open it, Home to the first.
  await sections.getByRole('tab', { name: 'Splits', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  const conditional = sections.getByRole('tab', { name: 'Conditional splits' });
  await expect(conditional).toBeFocused();
  await expect(conditional).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=conditional/);
  await page.keyboard.press('Home');
  await expect(sections.getByRole('tab').first()).toBeFocused();
});
