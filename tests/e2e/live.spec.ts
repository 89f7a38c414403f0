import { expect, test } from '@playwright/test';
import { DISTROKID_HEADER, apiSession, labelApi, login } from './helpers';

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
  const distributors = await label.json<{ items: { id: string; name: string }[] }>(
    '/api/distributors?q=DistroKid',
  );
  const row = ['2026-03-15', '2026-03', 'Spotify', 'Aria Vale', 'Song', 'QZDM12600001', '']
    .concat(['10', '100', 'Song', 'US', '0', '4.20'])
    .join('\t');
  const upload = await label.api.post('/api/statement/upload', {
    headers: { 'x-csrf-token': label.csrf },
    multipart: {
      body: JSON.stringify({
        distributor: distributors.items.find((d) => d.name === 'DistroKid')?.id,
        report_month: '2026-03',
        expected: '4.20',
      }),
      file: {
        name: `live-${Date.now()}.tsv`,
        mimeType: 'text/tab-separated-values',
        buffer: Buffer.from(`${DISTROKID_HEADER}\n${row}\n`),
      },
    },
  });
  expect(upload.status()).toBeLessThan(300);
  const statementId = ((await upload.json()) as { id: string }[])[0]?.id ?? '';
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
