import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  effectiveSearch,
  emulationMachine,
  queryOf,
  type EmulationQuery,
} from '../../machines/emulationMachine';
import type { EmulationUser } from '../../api/emulation';
import type { Session } from '../../api/session';

const PACO: EmulationUser = { fullname: 'Paco Payee', username: 'payee@demo.label', role: 'payee' };
const WALT: EmulationUser = {
  fullname: 'Walt Warranter',
  username: 'warranter@demo.label',
  role: 'warranter',
};

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** The machine with actors that answer when the test says so. */
function start(switching = false) {
  const userLoads: Array<{ query: EmulationQuery } & Pending<EmulationUser[]>> = [];
  const recentLoads: Array<Pending<EmulationUser[]>> = [];
  const starts: Array<{ username: string; switching: boolean } & Pending<Session>> = [];
  const reload = vi.fn();
  const actor = createActor(
    emulationMachine.provide({
      actors: {
        loadUsers: fromPromise<EmulationUser[], EmulationQuery>(
          ({ input }) =>
            new Promise((resolve, reject) => userLoads.push({ query: input, resolve, reject })),
        ),
        loadRecent: fromPromise<EmulationUser[]>(
          () => new Promise((resolve, reject) => recentLoads.push({ resolve, reject })),
        ),
        startEmulation: fromPromise<Session, { username: string; switching: boolean }>(
          ({ input }) =>
            new Promise((resolve, reject) => starts.push({ ...input, resolve, reject })),
        ),
      },
      actions: { reloadApplication: reload },
    }),
    { input: { switching } },
  ).start();
  return { actor, userLoads, recentLoads, starts, reload };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('emulationMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the loader until both lists have loaded', async () => {
    const { actor, userLoads, recentLoads } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(userLoads[0]?.query).toEqual({});
    userLoads[0]?.resolve([PACO, WALT]);
    await settle();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    recentLoads[0]?.resolve([PACO]);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.users).toEqual([PACO, WALT]);
    expect(actor.getSnapshot().context.recent).toEqual([PACO]);
  });

  it('only logs a failed load and still ends loading', async () => {
    const { actor, userLoads, recentLoads } = start();
    userLoads[0]?.reject(new Error('offline'));
    recentLoads[0]?.resolve([]);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.users).toEqual([]);
    expect(console.error).toHaveBeenCalledOnce();
  });

  it('reloads the users when the filter toggles, and when the search text counts', async () => {
    const { actor, userLoads, recentLoads } = start();
    userLoads[0]?.resolve([PACO, WALT]);
    recentLoads[0]?.resolve([]);
    await settle();

    actor.send({ type: 'emulate.filter', filter: 'warranters' });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    expect(userLoads[1]?.query).toEqual({ warranter: true });
    userLoads[1]?.resolve([WALT]);
    await settle();
    expect(actor.getSnapshot().context.users).toEqual([WALT]);

    // Two characters are not sent: the query stays the same, so nothing reloads.
    actor.send({ type: 'emulate.search', text: 'Wa' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(userLoads).toHaveLength(2);

    actor.send({ type: 'emulate.search', text: 'Wal' });
    expect(userLoads[2]?.query).toEqual({ text: 'Wal', warranter: true });
    // A newer search replaces the one in flight.
    actor.send({ type: 'emulate.search', text: 'Walt' });
    expect(userLoads[3]?.query).toEqual({ text: 'Walt', warranter: true });
    userLoads[3]?.resolve([WALT]);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(recentLoads).toHaveLength(1);
  });

  it('starts emulating the chosen account, then reloads the application', async () => {
    const { actor, userLoads, recentLoads, starts, reload } = start();
    userLoads[0]?.resolve([PACO]);
    recentLoads[0]?.resolve([]);
    await settle();
    actor.send({ type: 'emulate.choose', username: PACO.username });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(starts[0]).toMatchObject({ username: PACO.username, switching: false });
    starts[0]?.resolve({} as Session);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('switches while emulating, and stays open when the call fails', async () => {
    const { actor, userLoads, recentLoads, starts, reload } = start(true);
    userLoads[0]?.resolve([PACO]);
    recentLoads[0]?.resolve([]);
    await settle();
    actor.send({ type: 'emulate.choose', username: PACO.username });
    expect(starts[0]?.switching).toBe(true);
    starts[0]?.reject(new Error('403'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(reload).not.toHaveBeenCalled();
  });

  it('sends the search only when longer than 2 characters', () => {
    expect(effectiveSearch(' ab ')).toBe('');
    expect(effectiveSearch(' abc ')).toBe('abc');
    expect(queryOf({ filter: 'all', text: 'ab' })).toEqual({});
    expect(queryOf({ filter: 'warranters', text: 'abcd' })).toEqual({
      text: 'abcd',
      warranter: true,
    });
  });
});
