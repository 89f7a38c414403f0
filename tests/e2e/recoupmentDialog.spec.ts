import { expect, test, type Page } from './test';
import { loginAt } from './helpers';

/** Picks a person or product through the form's type-ahead. */
async function pick(page: Page, field: string, text: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a label creates its own recoupment from the list in a dialog, then changes its amount', async ({
  page,
}) => {
  const title = `E2E label advance ${Date.now()}`;
  await loginAt(page, 'label@demo.label', '/recoupments');
  await page.getByRole('button', { name: 'New recoupment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recoupment' });
  // The label's own account: no account to choose.
  await expect(dialog.getByRole('combobox', { name: 'Label account' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('750');
  await pick(page, 'Creditor', 'Lena', 'Lena Label');
  await pick(page, 'Debtors', 'Aria', 'Aria Artist');
  await dialog.getByRole('button', { name: 'Create recoupment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Recoupment “${title}” created.`)).toBeVisible();

  await page.getByLabel('Search title or tag').fill(title);
  const row = page.getByRole('table', { name: 'Recoupments' }).getByRole('row').filter({
    hasText: title,
  });
  await expect(row).toContainText('$750.00');
  await expect(row).toContainText('Aria Artist');

  await row.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit the recoupment' });
  const amount = editing.getByRole('textbox', { name: 'Amount', exact: true });
  await expect(amount).toHaveValue('750');
  await amount.fill('900');
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(editing).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('$900.00');
});

test('a label adds a recoupment to a product from its Recoupments tab, scoped to it', async ({
  page,
}) => {
  const title = `E2E product expense ${Date.now()}`;
  await loginAt(page, 'label@demo.label', '/products');
  await page.getByRole('link', { name: 'Glass Harbor' }).click();
  await page.getByRole('tab', { name: 'Recoupments' }).click();
  const tab = page.getByTestId('product-recoupments');
  await tab.getByRole('button', { name: 'New recoupment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recoupment' });
  await expect(dialog.getByRole('combobox', { name: 'Scope' })).toHaveValue('products');
  await expect(dialog.getByRole('list', { name: 'Products' })).toContainText('Glass Harbor');
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('40');
  await dialog
    .getByRole('combobox', { name: 'Type', exact: true })
    .selectOption({ label: 'Expense' });
  await dialog.getByRole('textbox', { name: 'Recoupable percentage' }).fill('0');
  await dialog.getByRole('textbox', { name: 'Net revenue percentage' }).fill('10');
  await pick(page, 'Creditor', 'Lena', 'Lena Label');
  await dialog.getByRole('button', { name: 'Create recoupment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tab.getByRole('row').filter({ hasText: title })).toContainText('$40.00');
});

test('a payee, who may only read recoupments, is offered no way to create one', async ({
  page,
}) => {
  await loginAt(page, 'payee@demo.label', '/recoupments');
  await expect(page.getByRole('heading', { level: 1, name: 'Recoupments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New recoupment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New recoupment' })).toHaveCount(0);
});
