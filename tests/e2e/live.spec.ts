import { expect, test } from './test';
import { apiSession, labelApi, login, uploadSongStatement } from './helpers';

// The statement page learns of a change from the live stream, not from asking again on a timer:
// an admin forces a statement while the label has it open, and the label's page shows the new
// state within a second, with no reload and no request for the statement in between.
test('a label sees the statement an admin forces change at once, without polling', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const label = await labelApi(base);
  const statementId = await uploadSongStatement(
    label,
    {
      isrc: 'QZDM12600001',
      month: '2026-03',
      earnings: '4.20',
      cashless: false,
      fileName: `live-${Date.now()}.tsv`,
    },
    '4.20',
  );
  const statusOf = async () =>
    (await label.json<{ status: string }>(`/api/statements/${statementId}`)).status;
  await expect.poll(statusOf, { timeout: 30_000 }).toBe('waiting-for-funds');

  await login(page, 'label@demo.label');
  const reads: number[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === `/api/statements/${statementId}`) reads.push(Date.now());
  });
  await page.goto(`/statements/${statementId}`);
  const badge = page.getByTestId('statement-status').first();
  await expect(badge).toHaveClass(/statement-status-waiting-for-funds/);

  // Quiet for three seconds: nothing asks for the statement again.
  const settled = reads.length;
  await page.waitForTimeout(3000);
  expect(reads.length).toBe(settled);

  const admin = await apiSession(base, 'admin@demo.label');
  const forcedAt = Date.now();
  const forced = await admin.post(`/api/statements/${statementId}/force`, {});
  expect(forced.status()).toBe(200);
  await expect(badge).not.toHaveClass(/statement-status-waiting-for-funds/, { timeout: 1000 });
  expect(Date.now() - forcedAt).toBeLessThan(1500);
  // The page read the statement again because the stream said it changed, and was not reloaded.
  expect(reads.length).toBeGreaterThan(settled);
  expect(reads.every((at, index) => index < settled || at >= forcedAt)).toBe(true);
  await expect(page.getByTestId('live-indicator')).toHaveCount(0);
  await admin.dispose();
  await label.api.dispose();
});

// The label's dashboard counts the statements needing attention; a new one arrives while it is
// open and the count goes up on screen, with no reload.
test('a label’s dashboard counts a statement that needs attention as it arrives', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const label = await labelApi(baseURL ?? '');
  await login(page, 'label@demo.label');
  const attention = page.getByTestId('attention-tile').locator('strong');
  await expect(attention).toHaveText(/^\d+$/);
  const before = Number(await attention.textContent());
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });

  // A code the catalog does not know: the statement stops at Needs Attention.
  const stamp = Date.now().toString().slice(-7);
  await uploadSongStatement(label, {
    isrc: `QZLV1${stamp}`,
    month: '2026-05',
    earnings: '1.00',
    cashless: true,
    fileName: `live-dashboard-${stamp}.tsv`,
  });
  await expect(attention).toHaveText(String(before + 1), { timeout: 30_000 });
  expect(reloads).toBe(0);
  await label.api.dispose();
});
