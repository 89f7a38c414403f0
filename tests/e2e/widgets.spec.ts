import { expect, test } from './test';
import { login } from './helpers';

test.beforeEach(async ({ page }) => {
  await login(page, 'admin@demo.label');
  // The kit is for the people building the portal: its link shows in debug mode only.
  await page.goto('/admin/uikit');
  await expect(page.getByRole('heading', { name: 'UI Kit' })).toBeVisible();
});

test('the text input marks an empty required field and validates on change and blur', async ({
  page,
}) => {
  const name = page.getByRole('textbox', { name: 'Name' });
  const nameField = page.locator('.field', { has: name });
  await expect(nameField.getByTestId('required-mark')).toBeVisible();
  await expect(nameField).toHaveClass(/text-input-xlarge/);
  await name.fill('Aria');
  await expect(nameField.getByTestId('required-mark')).toHaveCount(0);
  // Updates reach the page after the 200 ms debounce.
  await expect(page.getByTestId('kit-name-value')).toHaveText('Aria');

  const code = page.getByRole('textbox', { name: 'Custom code' });
  await expect(page.locator('.field', { has: code })).toHaveClass(/text-input-small/);
  await code.fill('X'.repeat(33));
  await expect(page.getByText('A custom code is limited to 32 characters.')).toBeVisible();
  await code.fill('X'.repeat(32));
  await code.blur();
  await expect(page.getByText('A custom code is limited to 32 characters.')).toHaveCount(0);
});

test('the type-ahead suggests matches and otherwise takes the entered text', async ({ page }) => {
  const input = page.getByRole('combobox', { name: 'Sample word' });
  await input.fill('lph');
  await page.getByRole('option', { name: 'Alpha' }).click();
  await expect(page.getByTestId('kit-choice')).toHaveText('Alpha');

  await input.fill('zzz');
  await expect(page.getByText('Not found - click anywhere to use entered text')).toBeVisible();
  await page.getByRole('heading', { name: 'UI Kit' }).click();
  await expect(page.getByTestId('kit-choice')).toHaveText('zzz');
});

test('the modal is 500 px wide and closes on Escape; the popover keeps 5 px from the edges', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Open modal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sample modal' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(500);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Hover for a popover' }).hover();
  const popover = page.getByTestId('popover');
  await expect(popover).toBeVisible();
  const box = await popover.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(box.x).toBeGreaterThanOrEqual(5);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width - 5);
  }
  await page.mouse.move(0, 0);
  await expect(popover).toHaveCount(0);
});

test('menu items come in small, large and xlarge', async ({ page }) => {
  const heights = await page
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
  expect(heights).toEqual([32, 40, 56]);
});

test('the list shows its columns, formats and actions, and scrolls 100,000 rows', async ({
  page,
}) => {
  const list = page.getByRole('table', { name: 'List' });
  await expect(list.getByRole('columnheader')).toHaveText([
    'Number',
    'Owner',
    'Amount',
    'Share',
    'Bar',
    'Action',
  ]);
  await expect(list).toHaveAttribute('aria-rowcount', '100001');
  const first = list.getByRole('row').filter({ hasText: '#1' }).first();
  await expect(first.getByRole('cell')).toHaveText(['#1', '', '($3.00)', '(25.00%)', '', 'Press']);
  await expect(first.getByRole('link', { name: '#1' })).toHaveAttribute(
    'href',
    '/admin/uikit?row=1',
  );
  await first.getByRole('button', { name: 'Press' }).click();
  await expect(page.getByTestId('kit-pressed')).toHaveText('Pressed row 1');
  const second = list.getByRole('row').filter({ hasText: '#2' }).first();
  await expect(second.getByRole('button', { name: 'Press' })).toBeDisabled();
  await expect(second.getByRole('cell').nth(1)).toHaveText('Bravo');

  // Only the rows in view are in the page.
  expect(await list.getByRole('row').count()).toBeLessThan(40);
  await page.getByTestId('list-body').evaluate((body) => {
    body.scrollTop = body.scrollHeight;
  });
  await expect(list.getByRole('row').filter({ hasText: '#100000' })).toHaveCount(1);
  expect(await list.getByRole('row').count()).toBeLessThan(40);
});
