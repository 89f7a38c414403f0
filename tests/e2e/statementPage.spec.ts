import { expect, test, type Locator, type Page } from './test';
import {
  DISTROKID_HEADER,
  labelApi,
  login,
  loginAt,
  uploadSongStatement,
  uploadToDistroKid,
} from './helpers';

type LabelApi = Awaited<ReturnType<typeof labelApi>>;

/** A code unique to this run and `tag`: no product and no other upload has it. */
const runIsrc = (tag: string) => `QZSP${tag}${Date.now().toString().slice(-7)}`;

const statusOf = (label: LabelApi, id: string) => async () =>
  (await label.json<{ status: string }>(`/api/statements/${id}`)).status;

/** A file in another layout than DistroKid's: reading it fails with a File Format Error. */
async function failedStatement(label: LabelApi, fileName: string): Promise<string> {
  const id = await uploadToDistroKid(label, {
    month: '2025-11',
    name: fileName,
    mimeType: 'text/csv',
    // Its own bytes: the same file twice is refused as a duplicate.
    text: `Date,Song,Amount\n2025-11-01,${fileName},1.00\n`,
  });
  await expect.poll(statusOf(label, id), { timeout: 20_000 }).toBe('failed');
  return id;
}

/** The visible main buttons among the statement's actions. */
const mainButtons = (page: Page): Locator =>
  page.locator('.statement-actions .button-primary').filter({ visible: true });

test.describe('a statement page says where the statement stands and what to do next', () => {
  test('in every state a label reaches, the lit step names the badge’s status, one main button leads on, and a failure says why', async ({
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
    const failedFile = `state-failed-${stamp}.csv`;
    const [attention, waiting, funded, approval, failed] = await Promise.all([
      uploadSongStatement(label, song('2025-07', '2.10', false, runIsrc('N')), '2.10'),
      uploadSongStatement(label, song('2025-08', '3.20', false), '3.20'),
      uploadSongStatement(label, song('2025-09', '4.30', true)),
      uploadSongStatement(label, song('2025-10', '5.40', true)),
      failedStatement(label, failedFile),
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
    // Last, the statement approved on the way (below): Ready.
    byStatus.delete('ready');
    byStatus.set('ready', approval);
    // The step forward of each state: one main button, named.
    const leadsOn: Record<string, string> = {
      failed: 'Retry',
      'waiting-for-funds': 'Record funds',
      funded: 'Calculate',
      'pending-approval': 'Approve',
    };
    // What each state says beyond its step, checked on the same page.
    const then: Record<string, () => Promise<void>> = {
      // A failed statement names its file, the reason the server kept, and what to do next; its
      // Logs say why the file was rejected.
      failed: async () => {
        const why = page.getByTestId('status-explain');
        await expect(why.getByTestId('failed-file')).toContainText(
          `${failedFile}: File Format Error: expected`,
        );
        await expect(why).toContainText('choose Retry to upload it again');
        await page.getByRole('link', { name: 'Logs' }).click();
        await expect(
          page
            .getByRole('list', { name: 'Statement history' })
            .getByRole('button')
            .filter({ hasText: 'File rejected' }),
        ).toContainText('Reason: File Format Error: expected');
      },
      // Needs Attention says what blocks it, on the Import step.
      'needs-attention': async () => {
        await expect(page.getByTestId('pipeline-current')).toContainText('Import');
        await expect(page.getByTestId('status-explain')).toContainText(
          'Codes not in the catalog: 1.',
        );
      },
      // What is expected and received; Expedite is secondary and asks the funds check in its
      // own dialog.
      'waiting-for-funds': async () => {
        await expect(page.getByTestId('status-explain')).toContainText(
          'Expected $3.20, received $0.00.',
        );
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
      },
      // Calculate again is there, secondary; then the result is approved.
      'pending-approval': async () => {
        await expect(page.getByRole('button', { name: 'Calculate again' })).toHaveClass(
          /button-secondary/,
        );
        expect((await label.post(`/api/statements/${approval}/approve`, {})).status()).toBe(200);
        await expect.poll(statusOf(label, approval), { timeout: 20_000 }).toBe('ready');
      },
      ready: async () => {
        await expect(page.getByTestId('pipeline-current')).toContainText('Payment');
      },
    };

    await login(page, 'label@demo.label');
    for (const [status, id] of byStatus) {
      await page.goto(`/statements/${id}`);
      const badge = page.getByTestId('statement-status');
      await expect(badge, status).toHaveText(/./);
      const shown = (await badge.textContent()) ?? '';
      const steps = page.getByRole('list', { name: 'Statement pipeline' });
      // Exactly one step lit, naming the badge's status; no step of the machine's own words.
      const stopped = status === 'cancelled' || status === 'deleted';
      await expect(steps.getByTestId('pipeline-current'), status).toHaveCount(stopped ? 0 : 1);
      if (!stopped) await expect(steps.getByTestId('pipeline-status'), status).toHaveText(shown);
      await expect(steps, status).not.toContainText(/Queued|Loaded|Unfunded|Wait\b|Finalize/);
      const main = leadsOn[status];
      if (main) await expect(mainButtons(page), status).toHaveText([main]);
      else expect(await mainButtons(page).count(), status).toBeLessThanOrEqual(1);
      await then[status]?.();
    }
    expect([...byStatus.keys()]).toEqual(
      expect.arrayContaining([
        'failed',
        'needs-attention',
        'waiting-for-funds',
        'funded',
        'pending-approval',
        'ready',
      ]),
    );
    await label.api.dispose();
  });

  test('the import report links to its statement and the upload drawer covers none of it, at 1280 and 360 px', async ({
    page,
  }) => {
    await loginAt(page, 'label@demo.label', '/import');
    const sizes = [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ];
    const uploads: { isrc: string; id: string }[] = [];
    // One upload at each width, the second while the first is read.
    for (const [index, size] of sizes.entries()) {
      await page.setViewportSize(size);
      const isrc = runIsrc(String(index));
      const month = `2025-0${index + 5}`;
      await page.getByLabel('Distributor').selectOption({ label: 'DistroKid' });
      await page.getByLabel('Statement month').fill(month);
      const row = [`${month}-15`, month, 'Spotify', 'Aria Vale', 'Song', isrc, '']
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
      const id = created?.id ?? '';
      uploads.push({ isrc, id });
      // The report opens as the upload ends, the drawer still showing it (for 4 s): beside the
      // report, not over it.
      const report = page
        .getByTestId('statement-report')
        .filter({ has: page.locator(`a[href="/statements/${id}"]`) });
      await expect(report.getByRole('link', { name: 'Open the statement' })).toBeVisible();
      const drawer = page.getByTestId('upload-drawer');
      await expect(drawer.getByText(`report-${isrc}.tsv`)).toBeVisible();
      // Both measured in one frame: the report grows as the statement is read.
      const overlaps = await drawer.evaluate((element, href) => {
        const box = element.getBoundingClientRect();
        const report = document
          .querySelector(`[data-testid="statement-report"] a[href="${href}"]`)
          ?.closest('[data-testid="statement-report"]')
          ?.getBoundingClientRect();
        if (!report) return null;
        return (
          box.left < report.right &&
          report.left < box.right &&
          box.top < report.bottom &&
          report.top < box.bottom
        );
      }, `/statements/${id}`);
      expect(overlaps, `the drawer over the report at ${size.width} px`).toBe(false);
    }
    // Once read, each report's own button takes a plain click at once (no force, no waiting the
    // drawer out), at each width.
    for (const [index, size] of [...sizes.entries()].reverse()) {
      await page.setViewportSize(size);
      const { isrc, id } = uploads[index] ?? { isrc: '', id: '' };
      const report = page
        .getByTestId('statement-report')
        .filter({ has: page.locator(`a[href="/statements/${id}"]`) });
      await expect(report.getByTestId('statement-status')).toHaveText('Needs Attention', {
        timeout: 20_000,
      });
      await report.getByRole('button', { name: 'Add to a product' }).click({ timeout: 2_000 });
      const dialog = page.getByRole('dialog', { name: `Add ${isrc} to a product` });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('link', { name: 'Open the statement' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/statements/${uploads[1]?.id ?? ''}$`));
    await expect(page.getByTestId('pipeline-status')).toHaveText('Needs Attention');
  });
});
