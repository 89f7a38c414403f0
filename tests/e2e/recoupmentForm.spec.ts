import { expect, test, type Page } from './test';
import { apiSession, loginAt } from './helpers';

/** Picks a person or product through the form's type-ahead. */
async function pick(page: Page, field: string, text: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function startForDemoRecords(page: Page, title: string) {
  await loginAt(page, 'overseer@demo.label', '/recoupments/add');
  await page.getByRole('combobox', { name: 'Label account' }).selectOption({
    label: 'Demo Records',
  });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
}

test('an overseer creates a recoupment for Demo Records, then changes its amount', async ({
  page,
  baseURL,
}) => {
  const title = `E2E advance ${Date.now()}`;
  await startForDemoRecords(page, title);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('1500.25');
  await page
    .getByRole('combobox', { name: 'Type', exact: true })
    .selectOption({ label: 'Expense' });
  await page.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });
  await page.getByRole('textbox', { name: 'Recoupable percentage' }).fill('50.5');
  await pick(page, 'Creditor', 'Lena', 'Lena Label');
  await pick(page, 'Debtors', 'Paco', 'Paco Payee');
  await page.getByRole('combobox', { name: 'Scope' }).selectOption({ label: 'Chosen products' });
  await pick(page, 'Products', 'Midnight', 'Midnight Signals');
  await page.getByRole('button', { name: 'Create recoupment' }).click();

  await expect(page).toHaveURL(/\/recoupments\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  await page.goto(`/recoupments/edit/${id}`);
  const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
  await expect(amount).toHaveValue('1500.25');
  await expect(page.getByRole('list', { name: 'Debtors' })).toContainText('Paco Payee');
  await amount.fill('2000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/recoupments/${id}$`));

  const overseer = await apiSession(baseURL ?? '', 'overseer@demo.label');
  try {
    const saved = await overseer.get(`/api/recoupments/${id}`);
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({
      title,
      amount: '2000',
      type: 'expense',
      priority: 'high',
      recoupablePct: '50.5',
      creditor: { fullname: 'Lena Label' },
      debtors: [{ fullname: 'Paco Payee' }],
      scope: 'products',
      products: [{ title: 'Midnight Signals' }],
    });
  } finally {
    await overseer.dispose();
  }
});

test('a refused recoupment shows the message beside its field', async ({ page }) => {
  await startForDemoRecords(page, `E2E refused ${Date.now()}`);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0');
  await page.getByRole('button', { name: 'Create recoupment' }).click();
  await expect(page.getByText('An amount must be positive.')).toBeVisible();
  await expect(page.getByText('A recoupment needs a creditor.')).toBeVisible();
  await expect(page).toHaveURL(/\/recoupments\/add$/);

  // The portal's own admin is none of the label's people: only the server knows it.
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('100');
  await pick(page, 'Creditor', 'Ada', 'Ada Admin');
  await pick(page, 'Debtors', 'Paco', 'Paco Payee');
  await page.getByRole('button', { name: 'Create recoupment' }).click();
  await expect(
    page.getByText('This person is not one of the label’s people or payees.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/recoupments\/add$/);
});

test('a change saved meanwhile by someone else is not overwritten', async ({ page, baseURL }) => {
  const overseer = await apiSession(baseURL ?? '', 'overseer@demo.label');
  try {
    const people = (await (await overseer.get('/api/users?q=Lena')).json()) as {
      items: { id: string; fullname: string }[];
    };
    const lena = people.items.find((person) => person.fullname === 'Lena Label');
    const accounts = (await (await overseer.get('/api/accounts?limit=1000')).json()) as {
      items: { id: string; name: string }[];
    };
    const demo = accounts.items.find((account) => account.name === 'Demo Records');
    const created = await overseer.post('/api/recoupments', {
      accountId: demo?.id,
      title: `E2E conflict ${Date.now()}`,
      amount: '300',
      type: 'expense',
      creditorId: lena?.id,
      recoupablePct: '0',
      netRevenuePct: '5',
    });
    expect(created.status()).toBe(201);
    const { id, version } = (await created.json()) as { id: string; version: number };

    await loginAt(page, 'overseer@demo.label', `/recoupments/edit/${id}`);
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    await expect(amount).toHaveValue('300');
    const meanwhile = await overseer.patch(`/api/recoupments/${id}`, { version, amount: '350' });
    expect(meanwhile.status()).toBe(200);

    await amount.fill('400');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('This item was changed by someone else. Reload it and try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/recoupments/edit/${id}$`));
    // An expense on all of the account's revenue would take its 5 % from every later suite's
    // statements: it goes once the conflict is shown.
    const gone = await overseer.delete(`/api/recoupments/${id}`);
    expect(gone.status()).toBe(200);
  } finally {
    await overseer.dispose();
  }
});

test('the preview arriving below the buttons never moves them from under the pointer', async ({
  page,
}) => {
  // The preview's statement is held back until the buttons have been measured.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/recoupments/preview-basis**', async (route) => {
    await held;
    await route.continue();
  });
  await startForDemoRecords(page, `E2E layout ${Date.now()}`);
  const save = page.getByRole('button', { name: 'Create recoupment' });
  const preview = page.getByRole('region', { name: 'Preview on the latest statement' });
  await expect(preview).toContainText('Loading');
  const before = await save.boundingBox();

  release();
  await expect(preview).not.toContainText('Loading');
  await expect(preview).not.toHaveAttribute('aria-busy', 'true');
  expect(await save.boundingBox()).toEqual(before);
  const shown = await preview.boundingBox();
  expect(before!.y + before!.height).toBeLessThanOrEqual(shown!.y);
});
