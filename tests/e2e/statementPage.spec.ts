import { expect, test, type Locator, type Page } from './test';
import { DISTROKID_HEADER, labelApi, login, uploadSongStatement } from './helpers';

type LabelApi = Awaited<ReturnType<typeof labelApi>>;

/** A code unique to this run and `tag`: no product and no other upload has it. */
const runIsrc = (tag: string) => `QZSP${tag}${Date.now().toString().slice(-7)}`;

const statusOf = (label: LabelApi, id: string) => async () =>
  (await label.json<{ status: string }>(`/api/statements/${id}`)).status;

/** A file in another layout than DistroKid's: reading it fails with a File Format Error. */
async function failedStatement(label: LabelApi, fileName: string): Promise<string> {
  const distributors = await label.json<{ items: { id: string; name: string }[] }>(
    '/api/distributors?q=DistroKid',
  );
  const upload = await label.api.post('/api/statement/upload', {
    headers: { 'x-csrf-token': label.csrf },
    multipart: {
      body: JSON.stringify({
        distributor: distributors.items.find((d) => d.name === 'DistroKid')?.id,
        report_month: '2025-11',
        expected: null,
      }),
      file: {
        name: fileName,
        mimeType: 'text/csv',
        // Its own bytes: the same file twice is refused as a duplicate.
        buffer: Buffer.from(`Date,Song,Amount\n2025-11-01,${fileName},1.00\n`),
      },
    },
  });
  expect(upload.status()).toBeLessThan(300);
  const id = ((await upload.json()) as { id: string }[])[0]?.id ?? '';
  await expect.poll(statusOf(label, id), { timeout: 20_000 }).toBe('failed');
  return id;
}

/** The visible main buttons among the statement's actions. */
const mainButtons = (page: Page): Locator =>
  page.locator('.statement-actions .button-primary').filter({ visible: true });

test.describe('a statement page says where the statement stands and what to do next', () => {
  test('a failed statement names its file, the reason and what to do next, on the page and in its Logs', async ({
    page,
    baseURL,
  }) => {
    const label = await labelApi(baseURL ?? '');
    const fileName = `wrong-layout-${Date.now()}.csv`;
    const id = await failedStatement(label, fileName);
    await login(page, 'label@demo.label');
    await page.goto(`/statements/${id}`);
    await expect(page.getByTestId('statement-status')).toHaveText('Failed');
    const why = page.getByTestId('status-explain');
    await expect(why.getByTestId('failed-file')).toContainText(
      `${fileName}: File Format Error: expected`,
    );
    await expect(why).toContainText('choose Retry to upload it again');
    await expect(mainButtons(page)).toHaveText(['Retry']);

    await page.getByRole('link', { name: 'Logs' }).click();
    await expect(
      page
        .getByRole('list', { name: 'Statement history' })
        .getByRole('button')
        .filter({ hasText: 'File rejected' }),
    ).toContainText('Reason: File Format Error: expected');
    await label.api.dispose();
  });

  test('in every state a label reaches, the lit step names the badge’s status and one main button leads on', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const label = await labelApi(baseURL ?? '');
    const stamp = Date.now().toString().slice(-6);
    const song = (month: string, earnings: string, cashless: boolean, isrc = 'QZDM12600001') => ({
      isrc,
      month,
      earnings,
      cashless,
      fileName: `state-${month}-${stamp}.tsv`,
    });
    const [attention, waiting, funded, approval, failed] = await Promise.all([
      uploadSongStatement(label, song('2025-07', '2.10', false, runIsrc('N')), '2.10'),
      uploadSongStatement(label, song('2025-08', '3.20', false), '3.20'),
      uploadSongStatement(label, song('2025-09', '4.30', true)),
      uploadSongStatement(label, song('2025-10', '5.40', true)),
      failedStatement(label, `state-failed-${stamp}.csv`),
    ]);
    await expect.poll(statusOf(label, approval), { timeout: 20_000 }).toBe('funded');
    expect((await label.post(`/api/statements/${approval}/calculate`, {})).status()).toBe(200);
    await expect.poll(statusOf(label, attention), { timeout: 20_000 }).toBe('needs-attention');
    await expect.poll(statusOf(label, waiting), { timeout: 20_000 }).toBe('waiting-for-funds');
    await expect.poll(statusOf(label, funded), { timeout: 20_000 }).toBe('funded');
    await expect.poll(statusOf(label, approval), { timeout: 20_000 }).toBe('pending-approval');
    // The demo's own statements add the states this file does not make (paid, ready, …).
    const { items } = await label.json<{ items: { id: string; status: string }[] }>(
      '/api/statements?limit=100',
    );
    const byStatus = new Map<string, string>([
      ['failed', failed],
      ['needs-attention', attention],
      ['waiting-for-funds', waiting],
      ['funded', funded],
      ['pending-approval', approval],
    ]);
    for (const item of items) if (!byStatus.has(item.status)) byStatus.set(item.status, item.id);
    // The step forward of each state: one main button, named.
    const leadsOn: Record<string, string> = {
      failed: 'Retry',
      'waiting-for-funds': 'Record funds',
      funded: 'Calculate',
      'pending-approval': 'Approve',
    };

    await login(page, 'label@demo.label');
    for (const [status, id] of byStatus) {
      await page.goto(`/statements/${id}`);
      const badge = page.getByTestId('statement-status');
      await expect(badge, status).toBeVisible();
      const shown = (await badge.textContent()) ?? '';
      const steps = page.getByRole('list', { name: 'Statement pipeline' });
      // Exactly one step lit, naming the badge's status; no step of the machine's own words.
      await expect(steps.getByTestId('pipeline-current'), status).toHaveCount(
        status === 'cancelled' || status === 'deleted' ? 0 : 1,
      );
      if (status !== 'cancelled' && status !== 'deleted')
        await expect(steps.getByTestId('pipeline-status'), status).toHaveText(shown);
      await expect(steps, status).not.toContainText(/Queued|Loaded|Unfunded|Wait\b|Finalize/);
      const main = leadsOn[status];
      if (main) await expect(mainButtons(page), status).toHaveText([main]);
      else expect(await mainButtons(page).count(), status).toBeLessThanOrEqual(1);
    }
    expect([...byStatus.keys()].length).toBeGreaterThanOrEqual(5);

    // Needs Attention says what blocks it, on the Import step, never on a later one.
    await page.goto(`/statements/${attention}`);
    await expect(page.getByTestId('pipeline-current')).toContainText('Import');
    await expect(page.getByTestId('status-explain')).toContainText('Codes not in the catalog: 1.');

    // Waiting for funds: what is expected and received; Expedite is secondary, and asks the
    // funds check in its own dialog.
    await page.goto(`/statements/${waiting}`);
    await expect(page.getByTestId('status-explain')).toContainText(
      'Expected $3.20, received $0.00.',
    );
    await expect(page.getByRole('button', { name: 'Expedite' })).toHaveClass(/button-secondary/);
    await expect(
      page.getByLabel('I have verified that sufficient funds are available.'),
    ).toHaveCount(0);
    await page.getByRole('button', { name: 'Expedite' }).click();
    const expedite = page.getByRole('dialog', { name: 'Expedite' });
    await expedite.getByRole('button', { name: 'Expedite' }).click();
    await expect(
      expedite.getByText('You must verify sufficient funds are available.'),
    ).toBeVisible();
    await expedite.getByLabel('I have verified that sufficient funds are available.').check();
    await expedite.getByRole('button', { name: 'Expedite' }).click();
    await expect(page.getByTestId('statement-status')).toHaveText('Funded');

    // Pending approval: Calculate again is there, as a secondary button.
    await page.goto(`/statements/${approval}`);
    await expect(page.getByRole('button', { name: 'Calculate', exact: true })).toHaveClass(
      /button-secondary/,
    );
    await label.api.dispose();
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${size.width} px the import report links to its statement and the upload drawer covers none of it`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await login(page, 'label@demo.label');
      await page.goto('/import');
      const isrc = runIsrc(String(size.width).slice(0, 1));
      await page.getByLabel('Distributor').selectOption({ label: 'DistroKid' });
      await page.getByLabel('Statement month').fill('2025-06');
      const row = ['2025-06-15', '2025-06', 'Spotify', 'Aria Vale', 'Song', isrc, '']
        .concat(['10', '100', 'Song', 'US', '0', '1.25'])
        .join('\t');
      await page.getByLabel('Statement files').setInputFiles({
        name: `report-${isrc}.tsv`,
        mimeType: 'text/tab-separated-values',
        buffer: Buffer.from(`${DISTROKID_HEADER}\n${row}\n`),
      });
      const uploaded = page.waitForResponse(
        (answer) =>
          answer.request().method() === 'POST' && answer.url().includes('/api/statement/upload'),
      );
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const [created] = (await (await uploaded).json()) as { id: string }[];
      const report = page.getByTestId('statement-report');
      await expect(report.getByTestId('statement-status')).toHaveText('Needs Attention', {
        timeout: 20_000,
      });
      await expect(report.getByRole('link', { name: 'Open the statement' })).toHaveAttribute(
        'href',
        `/statements/${created?.id ?? ''}`,
      );
      // The drawer still shows the upload (its success stays 4 s): it lies beside the report,
      // not over it.
      const drawer = page.getByTestId('upload-drawer');
      await expect(drawer.getByText('Uploaded')).toBeVisible();
      const [drawerBox, reportBox] = [await drawer.boundingBox(), await report.boundingBox()];
      const overlaps =
        !!drawerBox &&
        !!reportBox &&
        drawerBox.x < reportBox.x + reportBox.width &&
        reportBox.x < drawerBox.x + drawerBox.width &&
        drawerBox.y < reportBox.y + reportBox.height &&
        reportBox.y < drawerBox.y + drawerBox.height;
      expect(overlaps).toBe(false);
      // The report's own button takes a plain click at once (no force, no waiting it out).
      await report.getByRole('button', { name: 'Add to a product' }).click({ timeout: 2_000 });
      const dialog = page.getByRole('dialog', { name: `Add ${isrc} to a product` });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await report.getByRole('link', { name: 'Open the statement' }).click();
      await expect(page).toHaveURL(new RegExp(`/statements/${created?.id ?? ''}$`));
    });
  }
});
