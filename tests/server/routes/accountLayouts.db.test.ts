// A label adds a layout of its own from a sample file: the portal proposes the mapping from the
// header, the label saves it, and that label's statements in the layout are read through it,
// uploaded or sent by a partner; another label's are not, and replay rebuilds the layouts.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountLayout, LayoutProposal } from '../../../api/layouts';
import type { TemplatePreviewAnswer } from '../../../api/distributors';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { multipart, uploadStatement } from '../multipart';
import { openLabel, type OwnLabel } from '../ownLabel';
import { createIntakeKey, openSecondLabel, SECOND_PASSWORD } from '../tenancy';

const SAMPLE = readFileSync(new URL('../../../samples/aggregator-2026-03.csv', import.meta.url));

/** A multipart POST as `who` with the given parts. */
function postParts(
  portal: TestPortal,
  who: LoggedIn,
  url: string,
  parts: Parameters<typeof multipart>[0],
) {
  const { payload, headers } = multipart(parts);
  return portal.app.inject({
    method: 'POST',
    url,
    cookies: who.cookies,
    headers: { ...headers, 'x-csrf-token': who.csrf },
    payload,
  });
}

// A label's layouts are read for all its statements: each test that adds one adds it to a label
// of its own, so what it detects, reads and lists is its own doing.
describe("a label's own layouts", () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let zora: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    await openSecondLabel(portal);
    lena = await login(portal.app, 'label@demo.label');
    zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    const list = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json<{
      items: { id: string; name: string }[];
    }>();
    distroKid = list.items.find((item) => item.name === 'DistroKid')?.id ?? '';
  });
  afterAll(() => portal.close());

  const propose = async (filename: string, content: Buffer | string, who = lena) => {
    const answer = await postParts(portal, who, '/api/layouts/proposal', [
      { name: 'file', filename, content },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<LayoutProposal>();
  };
  /** A label of the test's own, with its owner signed in. */
  const ownLabel = async (surname: string): Promise<{ label: OwnLabel; owner: LoggedIn }> => {
    const label = await openLabel(portal, surname);
    return { label, owner: await label.login('owner') };
  };
  /** The layout proposed for the aggregator sample, saved as `who`'s under `name`. */
  const addAggregatorLayout = async (who: LoggedIn, distributorId: string, name?: string) => {
    const proposal = await propose('aggregator-2026-03.csv', SAMPLE, who);
    const added = await write(portal.app, who, 'POST', '/api/layouts', {
      distributorId,
      layout: { ...proposal.layout, name: name ?? proposal.layout.name },
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<AccountLayout>();
  };

  it('proposes every column of an aggregator export no shipped layout reads, with its decimal comma and encoding', async () => {
    const proposal = await propose('aggregator-2026-03.csv', SAMPLE);
    expect(proposal.header).toEqual([
      'Sales Month',
      'Store',
      'Country of Sale',
      'ISRC',
      'Track Title',
      'Artist Name',
      'Quantity',
      'Net Revenue (EUR)',
    ]);
    expect(proposal.columns).toEqual([
      { column: 'Sales Month', field: 'date' },
      { column: 'Store', field: 'service' },
      { column: 'Country of Sale', field: 'territory' },
      { column: 'ISRC', field: 'code', kind: 'isrc' },
      { column: 'Track Title', field: 'title' },
      { column: 'Artist Name', field: 'artist' },
      { column: 'Quantity', field: 'units' },
      { column: 'Net Revenue (EUR)', field: 'revenue' },
    ]);
    expect(proposal.missing).toEqual([]);
    expect(proposal).toMatchObject({
      headerRow: 1,
      encoding: 'utf-8',
      encodingSure: true,
      decimalSeparator: 'comma',
    });
    expect(proposal.layout).toEqual({
      name: 'aggregator-2026-03',
      headers: [
        'Sales Month',
        'Store',
        'Country of Sale',
        'ISRC',
        'Track Title',
        'Artist Name',
        'Quantity',
        'Net Revenue ({currency})',
      ],
      delimiter: ',',
      decimalComma: true,
      fields: {
        codes: [{ column: 'ISRC', kind: 'isrc' }],
        title: { columns: ['Track Title'] },
        artist: { columns: ['Artist Name'] },
        service: { columns: ['Store'] },
        territory: { columns: ['Country of Sale'] },
        date: { columns: ['Sales Month'] },
        units: { columns: ['Quantity'] },
        revenue: { columns: ['Net Revenue ({currency})'] },
        currency: { fromHeader: true },
      },
    });
  });

  it('reads a compressed sample in its own encoding, leaves unknown columns unmapped and names what is missing', async () => {
    const text = 'Période;Magasin;Référence interne;Montant\n2026-03;Fnac;AB-12;12,50\n';
    const latin1 = Buffer.from(text, 'latin1');
    const proposal = await propose('relevé.csv.gz', gzipSync(latin1));
    // Read as a one-byte code page of Latin letters, so the accents stay the letters they are.
    expect(proposal.encoding).not.toBe('utf-8');
    expect(proposal.layout.delimiter).toBe(';');
    expect(proposal.header).toEqual(['Période', 'Magasin', 'Référence interne', 'Montant']);
    // French names the synonyms do not hold are left for the label, never guessed.
    expect(proposal.columns.filter((column) => column.field !== null)).toEqual([]);
    expect(proposal.missing).toEqual(['codes', 'units', 'revenue']);
  });

  it('saves the proposal, reads that label’s upload in the layout with exact amounts, and proposes it on detection', async () => {
    const { owner } = await ownLabel('Fir');
    const proposal = await propose('aggregator-2026-03.csv', SAMPLE, owner);
    const added = await write(portal.app, owner, 'POST', '/api/layouts', {
      distributorId: distroKid,
      layout: { ...proposal.layout, name: 'Aggregator export' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const layout = added.json<AccountLayout>();
    expect(layout).toMatchObject({
      account: { name: 'Fir Records' },
      distributor: { id: distroKid, name: 'DistroKid' },
      createdBy: { name: 'Lou Fir' },
      version: 1,
    });
    const again = await write(portal.app, owner, 'POST', '/api/layouts', {
      distributorId: distroKid,
      layout: { ...proposal.layout, name: 'aggregator EXPORT' },
    });
    expect(again.statusCode).toBe(409);

    const detected = await postParts(portal, owner, '/api/statement/preview', [
      { name: 'body', value: '{}' },
      { name: 'file', filename: 'aggregator-2026-03.csv', content: SAMPLE },
    ]);
    expect(detected.statusCode, detected.body).toBe(200);
    expect(detected.json()).toMatchObject({
      distributorId: distroKid,
      files: [{ matches: [{ distributor: 'DistroKid', layout: 'Aggregator export' }] }],
    });

    const uploaded = await uploadStatement(
      portal.app,
      owner,
      { distributor: distroKid, report_month: '2026-03', expected: null },
      [{ filename: 'aggregator-2026-03.csv', content: SAMPLE }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const id = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
    const statement = (await get(portal.app, owner, `/api/statements/${id}`)).json();
    expect(statement.files[0]).toMatchObject({ status: 'read', records: 6, errors: 0 });
    expect(statement.revenue).toBe('1245.191912');
    const records = (await get(portal.app, owner, `/api/statements/${id}/records?limit=100`)).json<{
      items: {
        code: string;
        service: string;
        territory: string;
        units: string;
        revenue: string;
        currency: string;
      }[];
    }>();
    expect(
      records.items
        .map((r) => [r.service, r.territory, r.code, r.units, r.revenue, r.currency])
        .sort(),
    ).toEqual(
      [
        ['Spotify', 'DE', 'QZDM12600001', '1520', '5.734812', 'EUR'],
        ['Apple Music', 'FR', 'QZDM12600001', '310', '1.92', 'EUR'],
        ['Deezer', 'FR', 'QZDM12600002', '2048', '3.0017', 'EUR'],
        ['YouTube Music', 'AT', 'QZDM12600002', '75', '0.081', 'EUR'],
        ['Amazon Music', 'DE', 'QZDM12600001', '-3', '-0.0456', 'EUR'],
        ['Tidal', 'NL', 'QZDM12600002', '412000', '1234.5', 'EUR'],
      ].sort(),
    );
  });

  it('reads a statement a partner sends in the layout through it too', async () => {
    const { owner } = await ownLabel('Gum');
    await addAggregatorLayout(owner, distroKid, 'Aggregator export');
    const key = await createIntakeKey(portal, owner, distroKid, 'Aggregator robot');
    const { payload, headers } = multipart([
      { name: 'body', value: JSON.stringify({ report_month: '2026-04', expected: null }) },
      {
        name: 'file',
        filename: 'aggregator-2026-04.csv',
        content: SAMPLE.toString().replaceAll('2026-03,', '2026-04,'),
      },
    ]);
    const sent = await portal.app.inject({
      method: 'POST',
      url: '/api/intake/statements',
      headers: { ...headers, authorization: `Bearer ${key.secret}` },
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await portal.app.jobs.drain();
    const id = sent.json<{ id: string }[]>()[0]?.id ?? '';
    const statement = (await get(portal.app, owner, `/api/statements/${id}`)).json();
    expect(statement.files[0]).toMatchObject({ status: 'read', records: 6 });
    expect(statement.revenue).toBe('1245.191912');
  });

  it('gives another label the File Format Error for the same file and never shows it the layout', async () => {
    const { owner } = await ownLabel('Hazel');
    await addAggregatorLayout(owner, distroKid, 'Aggregator export');
    const uploaded = await uploadStatement(
      portal.app,
      zora,
      { distributor: distroKid, report_month: '2026-03', expected: null },
      [{ filename: 'aggregator-2026-03.csv', content: SAMPLE }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const id = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
    const statement = (await get(portal.app, zora, `/api/statements/${id}`)).json();
    expect(statement.status).toBe('failed');
    expect(statement.records).toBe(0);
    expect(statement.files[0].error).toMatch(/^File Format Error: expected .*DistroKid/);

    const detected = await postParts(portal, zora, '/api/statement/preview', [
      { name: 'body', value: '{}' },
      { name: 'file', filename: 'aggregator-2026-03.csv', content: SAMPLE },
    ]);
    expect(detected.json().files[0].matches).toEqual([]);

    const theirs = (await get(portal.app, zora, '/api/layouts')).json<{
      items: AccountLayout[];
    }>();
    expect(theirs.items.map((layout) => layout.layout.name)).toEqual(['Zephyr Secret Layout']);
    const ours = (await get(portal.app, owner, `/api/layouts?distributorId=${distroKid}`)).json<{
      items: AccountLayout[];
    }>();
    const aggregator = ours.items.find((layout) => layout.layout.name === 'Aggregator export');
    expect(aggregator).toBeDefined();
    const id2 = aggregator?.id ?? '';
    const change = await write(portal.app, zora, 'PATCH', `/api/layouts/${id2}`, {
      version: 1,
      layout: aggregator?.layout,
    });
    expect(change.statusCode).toBe(404);
    expect((await write(portal.app, zora, 'DELETE', `/api/layouts/${id2}`)).statusCode).toBe(404);
    const intoOurs = await write(portal.app, zora, 'POST', '/api/layouts', {
      distributorId: distroKid,
      accountId: aggregator?.account.id,
      layout: aggregator?.layout,
    });
    expect(intoOurs.statusCode).toBe(403);
  });

  it('lets a label upload to a distributor without a template of its own once it added a layout for it', async () => {
    const { owner } = await ownLabel('Ironwood');
    const otto = await login(portal.app, 'overseer@demo.label');
    const created = await write(portal.app, otto, 'POST', '/api/distributors', {
      name: 'Aggregator One',
      uploadable: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const aggregator = created.json<{ id: string }>().id;
    const listed = async (who: LoggedIn) =>
      (await get(portal.app, who, '/api/distributors?q=Aggregator')).json<{
        items: { id: string; hasTemplate: boolean; hasOwnLayouts: boolean }[];
      }>().items;
    expect(await listed(owner)).toEqual([
      expect.objectContaining({ id: aggregator, hasTemplate: false, hasOwnLayouts: false }),
    ]);
    await addAggregatorLayout(owner, aggregator);
    expect(await listed(owner)).toEqual([expect.objectContaining({ hasOwnLayouts: true })]);
    expect(await listed(zora)).toEqual([expect.objectContaining({ hasOwnLayouts: false })]);

    const body = { distributor: aggregator, report_month: '2026-05', expected: null };
    const file = {
      filename: 'aggregator-2026-05.csv',
      content: SAMPLE.toString().replaceAll('2026-03,', '2026-05,'),
    };
    const uploaded = await uploadStatement(portal.app, owner, body, [file]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const id = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
    const statement = (await get(portal.app, owner, `/api/statements/${id}`)).json();
    expect(statement.files[0]).toMatchObject({ status: 'read', records: 6 });
    expect(statement.revenue).toBe('1245.191912');
    const refused = await uploadStatement(portal.app, zora, body, [file]);
    expect(refused.statusCode).toBe(400);
  });

  it('refuses every layout route to a person who does not upload statements', async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await get(portal.app, paco, '/api/layouts')).statusCode).toBe(403);
    const calls = [
      write(portal.app, paco, 'POST', '/api/layouts', { distributorId: distroKid, layout: {} }),
      write(portal.app, paco, 'PATCH', '/api/layouts/x', { version: 1, layout: {} }),
      write(portal.app, paco, 'DELETE', '/api/layouts/x'),
      postParts(portal, paco, '/api/layouts/proposal', [
        { name: 'file', filename: 'aggregator-2026-03.csv', content: SAMPLE },
      ]),
      postParts(portal, paco, '/api/layouts/preview', [
        { name: 'file', filename: 'aggregator-2026-03.csv', content: SAMPLE },
      ]),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(403);
  });

  it('shows what the sample reads to per currency when a layout is tried, before it is saved', async () => {
    const proposal = await propose('aggregator-2026-03.csv', SAMPLE);
    const tried = await postParts(portal, lena, '/api/layouts/preview', [
      {
        name: 'template',
        value: JSON.stringify({ name: 'Aggregator', versions: [proposal.layout] }),
      },
      { name: 'file', filename: 'aggregator-2026-03.csv', content: SAMPLE },
    ]);
    expect(tried.statusCode, tried.body).toBe(200);
    // The Tidal row's 1.234,5 stands out: 1,234.50 of 1,245.19.
    expect(tried.json<TemplatePreviewAnswer>().reading).toEqual({
      partial: false,
      currencies: [
        {
          currency: 'EUR',
          rows: 6,
          revenue: '1245.191912',
          units: '415950',
          firstDate: '2026-03-01',
          lastDate: '2026-03-01',
          territories: [
            { territory: 'NL', revenue: '1234.5', rows: 1 },
            { territory: 'DE', revenue: '5.689212', rows: 2 },
            { territory: 'FR', revenue: '4.9217', rows: 2 },
            { territory: 'AT', revenue: '0.081', rows: 1 },
          ],
        },
      ],
    });
  });

  it('changes and removes a layout with its version, and replay rebuilds the layouts', async () => {
    const { label, owner } = await ownLabel('Juniper');
    await addAggregatorLayout(owner, distroKid, 'Aggregator export');
    const added = await addAggregatorLayout(owner, distroKid, 'Short-lived');
    const changed = await write(portal.app, owner, 'PATCH', `/api/layouts/${added.id}`, {
      version: 1,
      layout: { ...added.layout, name: 'Renamed', decimalComma: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AccountLayout>()).toMatchObject({
      version: 2,
      layout: { name: 'Renamed', decimalComma: false },
    });
    const stale = await write(portal.app, owner, 'PATCH', `/api/layouts/${added.id}`, {
      version: 1,
      layout: added.layout,
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await write(portal.app, owner, 'PATCH', `/api/layouts/${added.id}`, {
      version: 2,
      layout: { ...added.layout, fields: { codes: [] } },
    });
    expect(invalid.statusCode).toBe(400);

    // The layouts only: the tenancy fixture writes a payment outside the log.
    const live = (await dumpReadModels(portal.db)).account_layouts;
    const names = (rows: unknown[] | undefined) =>
      rows
        ?.map((row) => row as { account_id: string; name: string })
        .filter((row) => row.account_id === label.accountId)
        .map((row) => row.name)
        .sort();
    expect(names(live)).toEqual(['Aggregator export', 'Renamed']);
    await replayAll(portal.db);
    expect((await dumpReadModels(portal.db)).account_layouts).toEqual(live);

    const removed = await write(portal.app, owner, 'DELETE', `/api/layouts/${added.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const left = (await get(portal.app, owner, '/api/layouts')).json<{ items: AccountLayout[] }>();
    expect(left.items.map((layout) => layout.layout.name)).toEqual(['Aggregator export']);
    const afterRemoval = (await dumpReadModels(portal.db)).account_layouts;
    expect(names(afterRemoval)).toEqual(['Aggregator export']);
    await replayAll(portal.db);
    expect((await dumpReadModels(portal.db)).account_layouts).toEqual(afterRemoval);
  });
});
