import { expect, test } from './test';
import { apiSession, DISTROKID_HEADER, labelApi, login, uploadToDistroKid } from './helpers';

/** An ISRC of this run only, so no other suite's product has it. */
const isrc = `QZAD${Date.now().toString().slice(-8)}`;

test("an admin reads one statement's audit with before and after, the logs, the outbox and the overview", async ({
  page,
  baseURL,
}) => {
  // An upload read to the end, then four pages: more than the default 30 seconds on a busy machine.
  test.setTimeout(120_000);
  const label = await labelApi(baseURL ?? '');
  const row = ['2026-03-15', '2026-03', 'Spotify', 'Aria Vale', 'Song', isrc, '']
    .concat(['10', '100', 'Song', 'US', '0', '4'])
    .join('\t');
  const statementId = await uploadToDistroKid(label, {
    month: '2026-03',
    name: `desk-${isrc}.tsv`,
    text: `${DISTROKID_HEADER}\n${row}\n`,
  });
  await expect
    .poll(
      async () => (await label.json<{ status: string }>(`/api/statements/${statementId}`)).status,
    )
    .not.toBe('syncing');
  // A mail for the outbox: a reset link asked for the payee.
  const asked = await label.api.post('/api/password-resets', {
    data: { username: 'payee@demo.label' },
  });
  expect(asked.status()).toBeLessThan(300);

  await login(page, 'admin@demo.label');

  // The audit, filtered to the statement through the form.
  await page.goto('/admin/audit');
  await page.getByLabel('Kind of item').selectOption('statement');
  await page.getByLabel('Item id').fill(statementId);
  await page.getByLabel('Item id').press('Enter');
  await expect(page).toHaveURL(new RegExp(`streamId=${statementId}`));
  const events = page.getByTestId('audit-event');
  await expect(events.filter({ hasText: 'Uploaded' })).toHaveCount(1);
  await expect(page.getByTestId('audit-event-label')).not.toContainText(['StatementUploaded']);
  const admin = await apiSession(baseURL ?? '', 'admin@demo.label');
  const log = (await (
    await admin.get(`/api/events?streamType=statement&streamId=${statementId}`)
  ).json()) as { total: number };
  await expect(events).toHaveCount(log.total);
  await expect(page.getByTestId('desk-count')).toHaveText(`1–${log.total} of ${log.total}`);
  const transition = events.filter({ has: page.getByTestId('audit-change') }).first();
  await expect(transition.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  await expect(transition.getByRole('columnheader', { name: 'After' })).toBeVisible();
  await expect(transition.getByTestId('audit-after').getByTestId('statement-status')).toBeVisible();

  // The logs: the statement's steps, its background tasks, and the outbox.
  await page.goto(`/admin/logs?statement=${statementId}`);
  const steps = page.getByTestId('log-step');
  await expect(steps.filter({ hasText: 'Uploaded' })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Background tasks' }).click();
  await expect(
    page.getByTestId('log-job').filter({ hasText: "Read a statement's files" }),
  ).toHaveCount(1);
  await page.getByRole('tab', { name: 'E-mails' }).click();
  await page.getByLabel('Recipient').fill('payee@demo.label');
  await page.getByLabel('Recipient').press('Enter');
  const mail = page.getByTestId('outbox-mail').first();
  await expect(mail).toContainText('Paco Payee <payee@demo.label>');
  await expect(mail).toContainText('English');
  await expect(mail.getByTestId('outbox-body')).not.toBeEmpty();

  // The overview's figures are the install's.
  await page.goto('/admin/overview');
  const total = async (path: string) =>
    ((await (await admin.get(path)).json()) as { total: number }).total;
  await expect(page.getByTestId('overview-outbox-count')).toHaveText(
    String(await total('/api/outbox')),
  );
  await expect(page.getByTestId('overview-jobs-failed')).toHaveText(
    String(await total('/api/admin/logs/jobs?status=failed')),
  );
  await expect(page.getByTestId('overview-jobs-done')).toHaveText(
    String(await total('/api/admin/logs/jobs?status=done')),
  );
  const statements = page.getByTestId('overview-statement-count');
  const counted = (await statements.allTextContents()).length;
  expect(counted).toBeGreaterThan(0);
  const shown = await statements.getByRole('link').allTextContents();
  expect(shown.reduce((sum, text) => sum + Number(text), 0)).toBe(
    await total('/api/statements?limit=1'),
  );
  await admin.dispose();
});
