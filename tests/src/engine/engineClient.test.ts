// The page-side engine client over a real Comlink channel: latest request wins.
import { expose, type Endpoint } from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../../../engine/errors';
import { calculate } from '../../../engine/index';
import { openPreview, type StatementPreview } from '../../../engine/preview';
import { createEngineClient, SupersededError } from '../../../src/engine/engineClient';
import type { EngineWorkerApi } from '../../../workers/engine.worker';
import { workedExamples } from '../../engine/fixtures';
import { malformedInputs } from '../../engine/malformed';

/** A worker stand-in on a MessageChannel that records what reached it and answers slowly. */
function fakeWorker() {
  const received: unknown[] = [];
  const channel = new MessageChannel();
  const previews: StatementPreview[] = [];
  const api: EngineWorkerApi = {
    async calculate(input) {
      received.push(input);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return calculate(input, { backend: 'decimal' });
    },
    async openPreview(input) {
      previews.push(await openPreview(input, { backend: 'decimal' }));
      return previews.length - 1;
    },
    warmUp: () => Promise.resolve(),
    openPreviewFrom: () => Promise.resolve(null),
    async preview(statement, splitSetsJson) {
      received.push(JSON.parse(splitSetsJson));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const preview = previews[statement];
      if (preview === undefined) throw new Error('no open statement preview');
      return preview.calculate(splitSetsJson);
    },
    closePreview(statement) {
      previews[statement]?.close();
    },
  };
  expose(api, channel.port1);
  const connect = () => ({
    endpoint: channel.port2 as unknown as Endpoint,
    terminate: () => {
      channel.port1.close();
      channel.port2.close();
    },
  });
  return { received, connect };
}

describe('engine client', () => {
  it('rejects a superseded request and resolves the latest', async () => {
    const { received, connect } = fakeWorker();
    const client = createEngineClient(connect);
    const first = client.calculate(workedExamples.groups);
    // Let the first request reach the worker before the newer ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = client.calculate(workedExamples.escalation);
    const third = client.calculate(workedExamples.debtorRecoupment);
    await expect(first).rejects.toBeInstanceOf(SupersededError);
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    const result = await third;
    expect(result.backend).toBe('decimal');
    expect(result.output.recoupments[0]?.after).toBe('800');
    // The second was replaced while the first ran, so the worker never computed it.
    expect(received).toEqual([workedExamples.groups, workedExamples.debtorRecoupment]);
    client.dispose();
  });

  it('gives a malformed input back as EngineInputError', async () => {
    const { connect } = fakeWorker();
    const client = createEngineClient(connect);
    const [malformed] = malformedInputs;
    await expect(client.calculate(malformed?.input)).rejects.toEqual(
      new EngineInputError(malformed?.error ?? ''),
    );
    await expect(client.calculate(malformed?.input)).rejects.toBeInstanceOf(EngineInputError);
    client.dispose();
  });

  it('previews an open statement with edited splits, the latest edit winning', async () => {
    const { received, connect } = fakeWorker();
    const client = createEngineClient(connect);
    const input = workedExamples.groups;
    const statement = await client.openPreview(input);
    const edited = input.splitSets.map((set) => ({
      ...set,
      shares: [{ payeeId: 'solo', pct: '100' }],
    }));
    const first = client.preview(statement, input.splitSets);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = client.preview(statement, input.splitSets);
    const third = client.preview(statement, edited);
    await expect(first).rejects.toBeInstanceOf(SupersededError);
    await expect(second).rejects.toBeInstanceOf(SupersededError);
    const result = await third;
    expect(result.output).not.toHaveProperty('lines');
    expect(result.output.payees.map((payee) => payee.payeeId)).toEqual(['solo']);
    const { lines: _lines, ...whole } = (
      await calculate({ ...input, splitSets: edited }, { backend: 'decimal' })
    ).output;
    expect(result.output).toEqual(whole);
    expect(received).toEqual([input.splitSets, edited]);
    // A malformed edit names the field, as a whole calculation would.
    await expect(
      client.preview(statement, [{ ...edited[0], shares: [{ payeeId: 'solo', pct: '99' }] }]),
    ).rejects.toBeInstanceOf(EngineInputError);
    client.closePreview(statement);
    client.dispose();
  });

  it('rejects the pending request when disposed', async () => {
    const { connect } = fakeWorker();
    const client = createEngineClient(connect);
    const pending = client.calculate(workedExamples.groups);
    client.dispose();
    await expect(pending).rejects.toBeInstanceOf(SupersededError);
  });
});
