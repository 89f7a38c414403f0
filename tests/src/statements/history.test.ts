import { describe, expect, it } from 'vitest';
import {
  clampStep,
  historyEventDetail,
  historyEventKey,
  machineEventOf,
  replayHistory,
} from '../../../src/statements/history';
import en from '../../../locales/en.json';
import type { StatementHistoryEvent } from '../../../api/statements';

const flags = { forced: false, expedited: false, cashless: false };
const facts = (problems: number, fundsMatch: boolean) => ({
  problems,
  rejected: false,
  cashless: false,
  fundsMatch,
});

/** A history as GET /api/statements/{id}/events answers it: `state` is the server's. */
function history(): StatementHistoryEvent[] {
  const raw: Array<[string, Record<string, unknown>, string]> = [
    ['StatementUploaded', {}, 'syncing'],
    ['StatementParsed', { outcome: 'parsed' }, 'syncing'],
    [
      'StatementTransitioned',
      { event: 'statement.read', facts: facts(1, false), from: 'syncing', to: 'needsAttention' },
      'needsAttention',
    ],
    [
      'StatementTransitioned',
      {
        event: 'statement.resolve',
        facts: facts(0, false),
        from: 'needsAttention',
        to: 'pending',
      },
      'pending',
    ],
    [
      'StatementTransitioned',
      { event: 'funds.check', facts: facts(0, false), from: 'pending', to: 'awaitingFunds' },
      'awaitingFunds',
    ],
    ['FundsReceived', { amount: '10', total: '10' }, 'awaitingFunds'],
    [
      'StatementTransitioned',
      { event: 'funds.receive', facts: facts(0, true), from: 'awaitingFunds', to: 'funded' },
      'funded',
    ],
    [
      'StatementTransitioned',
      { event: 'statement.calculate', facts: null, from: 'funded', to: 'waiting' },
      'waiting',
    ],
    [
      'StatementTransitioned',
      { event: 'calculation.start', facts: null, from: 'waiting', to: 'calculating' },
      'calculating',
    ],
    ['StatementCalculated', { calculationId: 'c1' }, 'calculating'],
    [
      'StatementTransitioned',
      { event: 'calculation.done', facts: null, from: 'calculating', to: 'pendingApproval' },
      'pendingApproval',
    ],
    ['StatementApproved', { calculationId: 'c1' }, 'pendingApproval'],
    [
      'StatementTransitioned',
      { event: 'statement.approve', facts: null, from: 'pendingApproval', to: 'finalizing' },
      'finalizing',
    ],
    ['PaymentsPrepared', { payments: [] }, 'finalizing'],
    [
      'StatementTransitioned',
      { event: 'payments.prepared', facts: null, from: 'finalizing', to: 'ready' },
      'ready',
    ],
  ];
  return raw.map(([type, data, state], index) => ({
    version: index + 1,
    type,
    data: type === 'StatementTransitioned' ? { ...data, flags } : data,
    actor: null,
    emulatingActor: null,
    at: 1_780_000_000 + index,
    state,
  }));
}

describe('stepping through a statement history with the shared machine', () => {
  it('reaches the state the server recorded after every event', () => {
    const steps = replayHistory(history());
    expect(steps.every((step) => step.agrees)).toBe(true);
    expect(steps.map((step) => step.step)).toEqual([
      'Queued',
      'Queued',
      'Queued',
      'Loaded',
      'Unfunded',
      'Unfunded',
      'Funded',
      'Wait',
      'Calculate',
      'Calculate',
      'Approval',
      'Approval',
      'Finalize',
      'Finalize',
      'Ready',
    ]);
    expect(steps.at(-1)?.status).toBe('ready');
  });

  it('replays in stream order whatever order the events come in', () => {
    const steps = replayHistory([...history()].reverse());
    expect(steps.map((step) => step.event.version)).toEqual(history().map((e) => e.version));
    expect(steps.at(-1)?.state).toBe('ready');
  });

  it('keeps the flags the machine sets', () => {
    const events = history().slice(0, 5);
    events.push({
      version: 6,
      type: 'StatementTransitioned',
      data: { event: 'statement.force', facts: null, from: 'awaitingFunds', to: 'funded', flags },
      actor: 'admin',
      emulatingActor: null,
      at: 1_780_000_100,
      state: 'funded',
    });
    const last = replayHistory(events).at(-1);
    expect(last?.state).toBe('funded');
    expect(last?.flags.forced).toBe(true);
  });

  it('follows the recorded state, marked, when the machine refuses a step', () => {
    const events = history().slice(0, 3);
    events.push({
      version: 4,
      type: 'StatementTransitioned',
      data: {
        event: 'statement.approve',
        facts: null,
        from: 'needsAttention',
        to: 'finalizing',
        flags,
      },
      actor: null,
      emulatingActor: null,
      at: 1_780_000_200,
      state: 'finalizing',
    });
    const last = replayHistory(events).at(-1);
    expect(last?.state).toBe('finalizing');
    expect(last?.agrees).toBe(true);
    const refused = replayHistory([
      { ...events[0]!, data: {} },
      {
        version: 2,
        type: 'StatementTransitioned',
        data: { event: 'payments.sent', facts: null, flags },
        actor: null,
        emulatingActor: null,
        at: 1,
        state: 'syncing',
      },
    ]);
    expect(refused.at(-1)?.state).toBe('syncing');
  });

  it('reads only transitions as machine events', () => {
    const [uploaded, , read] = history();
    expect(machineEventOf(uploaded!)).toBeNull();
    expect(machineEventOf(read!)).toEqual({ type: 'statement.read', facts: facts(1, false) });
  });

  it('names each step by what it did, never by the machine event', () => {
    const [uploaded, , read] = history();
    const text = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
    expect(text(historyEventKey(read!))).toBe('Files read');
    expect(text(historyEventKey(uploaded!))).toBe('Uploaded');
    const received = {
      type: 'StatementUploaded',
      data: { ...uploaded!.data, intake: { keyId: 'k1', keyName: 'Delivery robot' } },
    };
    expect(text(historyEventKey(received))).toBe('Received from the distributor');
    const correction = {
      type: 'StatementUploaded',
      data: { ...uploaded!.data, files: [], corrects: 's-march' },
    };
    expect(text(historyEventKey(correction))).toBe(
      'Opened as a correction of a closed period’s statement',
    );
    const done = { type: 'StatementTransitioned', data: { event: 'calculation.done' } };
    expect(text(historyEventKey(done))).toBe('Calculation finished');
    expect(text(historyEventKey({ type: 'SomethingNew', data: {} }))).toBe('Change recorded');
  });

  it('says which file replaced which, and who replaced it', () => {
    const replaced = {
      type: 'StatementFilesReplaced',
      data: {
        removed: ['f1'],
        added: [{ fileId: 'f2', name: 'june-corrected.csv', sha256: 'b', size: 2 }],
        replaced: { fileId: 'f1', name: 'june.csv', sha256: 'a' },
      },
      actorName: 'Lena Label',
    };
    const detail = historyEventDetail(replaced);
    expect(detail).toEqual({
      key: 'statements.event.file-replaced-by',
      values: { old: 'june.csv', new: 'june-corrected.csv', who: 'Lena Label' },
    });
    expect(historyEventDetail({ ...replaced, actorName: null })?.key).toBe(
      'statements.event.file-replaced',
    );
    // A retry's replacement of the faulty files names no one file.
    expect(historyEventDetail({ ...replaced, data: { removed: ['f1'], added: [] } })).toBeNull();
    expect(historyEventDetail({ type: 'StatementParsed', data: {} })).toBeNull();
    const text = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
    expect(
      text(
        historyEventKey({
          type: 'StatementTransitioned',
          data: { event: 'statement.replace' },
        }),
      ),
    ).toBe('File replaced, read again');
  });

  it('says why a file was rejected, with the reason the server kept for it', () => {
    const reason = 'File Format Error: expected the DistroKid layout, found Date, Song, Amount';
    expect(
      historyEventDetail({
        type: 'StatementFileRejected',
        data: { fileId: 'f1', error: reason },
        actorName: null,
      }),
    ).toEqual({ key: 'statements.event.file-rejected-reason', values: { reason } });
  });

  it('keeps the position within the history', () => {
    expect(clampStep(0, -1, 5)).toBe(0);
    expect(clampStep(4, 1, 5)).toBe(4);
    expect(clampStep(2, 1, 5)).toBe(3);
    expect(clampStep(0, 1, 0)).toBe(0);
  });
});
