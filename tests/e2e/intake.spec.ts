import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page, type TestInfo } from './test';
import { DISTROKID_HEADER, labelApi, loginAt } from './helpers';

const run = promisify(execFile);

/** A screenshot of the step in the test's folder under test-results/, attached to its report. */
async function snap(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

/**
 * The distributor's integration as the README shows it: curl posting a statement file with the
 * key, no session. Answers the HTTP status and the body.
 */
async function curlStatement(baseURL: string, key: string, file: string, month: string) {
  const { stdout } = await run('curl', [
    '--silent',
    '--show-error',
    '--write-out',
    '\n%{http_code}',
    '-H',
    `Authorization: Bearer ${key}`,
    '-F',
    `body={"report_month":"${month}","expected":null};type=application/json`,
    '-F',
    `file=@${file}`,
    `${baseURL}/api/intake/statements`,
  ]);
  const lines = stdout.trimEnd().split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

test('a label creates an intake key, the distributor sends a statement with it, and the statement says where it came from', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const label = await labelApi(baseURL ?? '');
  const distributors = await label.json<{ items: { id: string; name: string }[] }>(
    '/api/distributors?q=DistroKid',
  );
  const distroKid = distributors.items.find((item) => item.name === 'DistroKid');
  await label.api.dispose();
  const keyName = `Delivery robot ${Date.now().toString(36)}`;

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAt(page, 'label@demo.label', `/distributors/${distroKid?.id}`);
  const intake = page.getByRole('region', { name: 'Statement intake' });
  await intake.getByLabel('Key name').fill(keyName);
  await intake.getByRole('button', { name: 'Create key' }).click();

  const shown = intake.getByRole('alert');
  await expect(shown).toContainText('This key will not be shown again');
  const key = (await intake.getByTestId('intake-key-secret').textContent()) ?? '';
  expect(key).toMatch(/^rpi_[A-Za-z0-9_-]{43}$/);
  await snap(page, testInfo, '1-key-shown-once');
  await intake.getByRole('button', { name: 'Copy the key' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Copied to the clipboard' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await intake.getByRole('button', { name: 'I have copied it' }).click();
  await expect(intake.getByTestId('intake-key-secret')).toHaveCount(0);

  const row = intake.getByRole('row').filter({ hasText: keyName });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Lena Label');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await snap(page, testInfo, '2-keys-listed');
  // Shown once: after a reload the page has only the key's first characters.
  await page.reload();
  await expect(intake.getByRole('row').filter({ hasText: keyName })).toBeVisible();
  expect(await page.content()).not.toContain(key.slice(12));

  const isrc = `QZI${Date.now().toString().slice(-9)}`;
  const file = join(mkdtempSync(join(tmpdir(), 'intake-')), 'distrokid-intake.tsv');
  writeFileSync(
    file,
    `${DISTROKID_HEADER}\n2025-03-15\t2025-03\tSpotify\tAria Vale\tSong\t${isrc}\t\t4\t100\tSong\tUS\t0\t1.75\n`,
  );
  const sent = await curlStatement(baseURL ?? '', key, file, '2025-03');
  expect(sent.status, sent.body).toBe(201);
  const statementId = (JSON.parse(sent.body) as { id: string }[])[0]?.id ?? '';

  await page.goto('/statements');
  const listed = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'DistroKid 2025-03' }) });
  await expect(listed.filter({ hasText: `Received from DistroKid (key ${keyName})` })).toHaveCount(
    1,
  );
  await snap(page, testInfo, '3-statements-list');

  await page.goto(`/statements/${statementId}`);
  await expect(page.getByTestId('statement-origin')).toHaveText(
    `Received from DistroKid (key ${keyName})`,
  );
  // Read like an upload: its one row is a code no product has yet.
  await expect(page.getByTestId('missing-code-count')).toHaveText('1');

  // The key is revoked on the distributor's page, and the distributor is refused from then on.
  await page.goto(`/distributors/${distroKid?.id}`);
  await intake
    .getByRole('row')
    .filter({ hasText: keyName })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke the key' }).click();
  await expect(intake.getByRole('row').filter({ hasText: keyName })).toContainText('Revoked');
  await expect(intake.getByRole('row').filter({ hasText: keyName })).not.toContainText('Never');
  writeFileSync(
    file,
    `${DISTROKID_HEADER}\n2025-04-15\t2025-04\tSpotify\tAria Vale\tSong\t${isrc}\t\t1\t100\tSong\tUS\t0\t0.5\n`,
  );
  const refused = await curlStatement(baseURL ?? '', key, file, '2025-04');
  expect(refused.status).toBe(401);
  expect(refused.body).toContain('revoked');
});
