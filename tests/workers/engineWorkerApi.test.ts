// The engine worker reads a product's preview input itself (openPreviewFrom): from a real HTTP
// server on 127.0.0.1, it opens the statement the page would have opened with the same bytes, and
// answers null, for the page to ask the API itself, whenever the answer is not a preview input.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPreview } from '../../engine/preview';
import { readRecordTable, recordIdOf } from '../../engine/recordTable';
import type { EngineRecord } from '../../engine/types';
import { engineWorkerApi } from '../../workers/engineWorkerApi';
import { baseSet, sale, statementInput, tableOf } from '../engine/fixtures';

const records: EngineRecord[] = [
  sale(recordIdOf(1, 2), '10.25'),
  sale(recordIdOf(1, 3), '0.000007', { units: 3, date: '2026-10-28' }),
  sale(recordIdOf(2, 1), '-1.5', { kind: 'adjustment' }),
];
const { records: _records, ...input } = statementInput({
  records,
  splitSets: [
    baseSet('base-p1', [
      { payeeId: 'label', pct: '62.5' },
      { payeeId: 'aria', pct: '37.5' },
    ]),
  ],
});
const statement = { id: 'statement-1', month: '2026-10', distributor: 'DistroKid' };

const table = tableOf(records);

/** What GET /api/products/{id}/preview-input?format=table answers, by path. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  '/preview': { status: 200, body: `${JSON.stringify({ statement, input })}\n${table}` },
  '/no-statement': { status: 200, body: `${JSON.stringify({ statement: null, input: null })}\n` },
  '/signed-out': { status: 401, body: '{"message":"Sign in again."}' },
  '/not-allowed': { status: 403, body: '{"message":"Not allowed."}' },
  '/server-error': { status: 500, body: '{"message":"Something went wrong."}' },
  '/not-json': { status: 200, body: `<html>\n${table}` },
  '/not-a-table': { status: 200, body: `${JSON.stringify({ statement, input })}\nnot\ta table\n` },
};

let server: Server;
let origin = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    asked.push(`${url.pathname}${url.search}`);
    const answer = ANSWERS[url.pathname] ?? { status: 404, body: '{}' };
    response.writeHead(answer.status, { 'content-type': 'text/plain' });
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

const splitSets = JSON.stringify(input.splitSets);

describe('the engine worker reading a preview input itself', () => {
  it('opens the statement the page would have opened with the same answer', async () => {
    const read = await engineWorkerApi.openPreviewFrom(`${origin}/preview?format=table&csrf=c1`);
    expect(asked).toContain('/preview?format=table&csrf=c1');
    expect(read?.head).toEqual({ statement, input });
    expect(read?.statement).toEqual(expect.any(Number));

    const fromWorker = await engineWorkerApi.preview(read?.statement ?? -1, splitSets);
    const fromPage = await openPreview(input, {}, readRecordTable(table)!);
    expect(JSON.stringify(fromWorker.output)).toBe(
      JSON.stringify((await fromPage.calculate(splitSets)).output),
    );
    // 10.25 + 0.000007 - 1.5 = 8.750007, of which the label's 62.5% and Aria's 37.5%.
    expect(fromWorker.output.totals.gross).toBe('8.750007');
    expect(fromWorker.output.payees.map(({ payeeId, payout }) => [payeeId, payout])).toEqual([
      ['aria', '3.281252625'],
      ['label', '5.468754375'],
    ]);
    fromPage.close();
    engineWorkerApi.closePreview(read?.statement ?? -1);
  });

  it('opens nothing for a product no statement has records of', async () => {
    expect(await engineWorkerApi.openPreviewFrom(`${origin}/no-statement`)).toEqual({
      head: { statement: null, input: null },
      statement: null,
    });
  });

  it.each(['/signed-out', '/not-allowed', '/server-error', '/missing'])(
    'leaves a refused or failed request %s to the page',
    async (path) => {
      expect(await engineWorkerApi.openPreviewFrom(`${origin}${path}`)).toBeNull();
    },
  );

  it('leaves an answer that is not a preview input to the page', async () => {
    expect(await engineWorkerApi.openPreviewFrom(`${origin}/not-json`)).toBeNull();
    expect(await engineWorkerApi.openPreviewFrom(`${origin}/not-a-table`)).toBeNull();
  });

  it('leaves a server that cannot be reached to the page', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    expect(await engineWorkerApi.openPreviewFrom(`http://127.0.0.1:${port}/preview`)).toBeNull();
  });
});
