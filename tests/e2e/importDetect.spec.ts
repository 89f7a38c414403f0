import { readFileSync } from 'node:fs';
import { expect, test, type Request } from './test';
import { loginAt } from './helpers';

/** The Cyrillic DistroKid export in windows-1251, with a row of this run's own so it is new. */
function cyrillicStatement() {
  const fixture = readFileSync('tests/server/import/fixtures/distrokid-cp1251.tsv');
  const stamp = Date.now().toString().slice(-6);
  const ownRow = Buffer.from(
    `2026-04-05\t2026-03\tSpotify\tAria Vale\tSong\tQZE2E${stamp}9\t\t1\t100\tSong\tUS\t0\t0.01\n`,
  );
  return {
    name: `kino-${stamp}.tsv`,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.concat([fixture, ownRow]),
  };
}

test('a label drops a windows-1251 file without a distributor, confirms the proposed one, and the records read in Cyrillic', async ({
  page,
}) => {
  await loginAt(page, 'label@demo.label', '/import');
  await page.getByLabel('Statement month').fill('2026-03');
  await expect(page.getByLabel('Distributor')).toHaveValue('');
  await page.getByLabel('Statement files').setInputFiles([cyrillicStatement()]);

  const check = page.getByRole('region', { name: 'File check' });
  await expect(check.getByTestId('proposed-distributor')).toContainText(
    'These files match the DistroKid layout.',
  );
  await expect(check.getByText('read as Windows-1251')).toBeVisible();
  const rows = check.getByRole('table');
  await expect(rows.getByRole('columnheader', { name: 'Artist' })).toBeVisible();
  await expect(rows.getByRole('cell', { name: 'Кино', exact: true }).first()).toBeVisible();
  await expect(rows.getByRole('cell', { name: 'Группа крови' })).toBeVisible();

  // Nothing goes up before the uploader confirms.
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByText('Confirm the distributor and encoding shown in the file check first.'),
  ).toBeVisible();

  await check.getByRole('button', { name: 'Confirm DistroKid' }).click();
  await expect(page.getByLabel('Distributor')).toHaveValue(/.+/);
  await expect(page.getByLabel('Distributor').locator('option:checked')).toHaveText('DistroKid');

  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/statement/upload'))
      uploads.push(request);
  });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('upload-drawer').getByText('Uploaded')).toHaveCount(1);
  const answer = await uploads[0]?.response();
  const [created] = ((await answer?.json()) ?? []) as { id: string }[];
  expect(created?.id).toBeTruthy();

  await page.goto(`/statements/${created?.id}`);
  await expect(page.getByRole('cell', { name: 'Кино', exact: true }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('cell', { name: 'Группа крови' })).toBeVisible();
});
