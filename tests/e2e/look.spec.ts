import { expect, test, type Locator, type Page } from './test';
import { login, loginAt } from './helpers';
import { privateStops, settle, isNotFound } from './walk';

const bodyFont = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]?.trim() ?? '');

test('the page declares the chosen language, and Chinese and Japanese get their own font first', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await bodyFont(page)).toBe('system-ui');
  // Named in the language it shows: found by its place once the page is in Japanese.
  const language = page.locator('.language-select select');
  await expect(language).toHaveAccessibleName('Language');
  await language.selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  expect(await bodyFont(page)).toBe('"Hiragino Sans"');
  await language.selectOption('zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  expect(await bodyFont(page)).toBe('"PingFang SC"');
  await language.selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await bodyFont(page)).toBe('system-ui');
});

test('form controls are dark, with the theme’s colours, and show focus', async ({ page }) => {
  await loginAt(page, 'label@demo.label', '/import');
  const style = (locator: Locator) =>
    locator.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        background: computed.backgroundColor,
        color: computed.color,
        scheme: computed.colorScheme,
        outline: computed.outlineStyle,
      };
    });
  const distributor = page.getByLabel('Distributor');
  const month = page.getByLabel('Statement month');
  for (const control of [distributor, month]) {
    expect(await style(control)).toMatchObject({
      background: 'rgb(15, 18, 24)',
      color: 'rgb(230, 233, 239)',
      scheme: 'dark',
    });
  }
  await month.focus();
  expect((await style(month)).outline).toBe('solid');
  const files = page.getByLabel('Statement files');
  const button = await files.evaluate((element) => {
    const computed = getComputedStyle(element, '::file-selector-button');
    return { background: computed.backgroundColor, color: computed.color };
  });
  expect(button).toEqual({ background: 'rgb(31, 36, 48)', color: 'rgb(230, 233, 239)' });
});

const clipped = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );

test('the payees list shows its headers and buttons whole', async ({ page }) => {
  await loginAt(page, 'label@demo.label', '/users');
  const table = page.getByRole('table', { name: 'Payees' });
  await expect(table.getByRole('button', { name: 'Send claim' }).first()).toBeVisible();
  expect(await clipped(table.getByRole('columnheader'))).toEqual([]);
  expect(await clipped(table.getByRole('button'))).toEqual([]);
});

test.describe('on a 360 px wide screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the navigation opens from the menu button by keyboard and closes with Escape or a choice', async ({
    page,
  }) => {
    await login(page, 'label@demo.label');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    // The top bar's button: named for what it does next, open or close.
    const menu = page.getByRole('banner').getByRole('button', { name: /navigation menu/ });
    await expect(menu).toHaveAccessibleName('Open navigation menu');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toHaveAccessibleName('Close navigation menu');
    // Focus moves into the menu, and Escape gives it back to the button.
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'Statements' }).click();
    await expect(page).toHaveURL(/\/statements$/);
    await expect(nav).toBeHidden();
  });

  test('no page the label opens is wider than the screen', async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    const stops = await privateStops(baseURL ?? '', 'label@demo.label');
    await login(page, 'label@demo.label');
    const wide: string[] = [];
    for (const stop of stops) {
      if (!stop.path) continue;
      await page.goto(stop.path);
      await settle(page);
      if (await isNotFound(page)) continue;
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wide.push(`${stop.path}: ${width}px`);
    }
    expect(wide).toEqual([]);
  });
});
