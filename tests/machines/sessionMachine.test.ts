import { getShortestPaths } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  MIN_RENEW_DELAY_MS,
  RENEW_RETRY_DELAY_MS,
  RENEW_THRESHOLD_MS,
  renewDelayMs,
  sessionMachine,
} from '../../machines/sessionMachine';
import type { Credentials, Session } from '../../api/session';

const SESSION: Session = {
  status: 'ok',
  account: { id: 'acc-1', name: 'Demo Label' },
  fullname: 'Lena Label',
  username: 'label@demo.label',
  roles: ['owner'],
  permissions: ['dashboard:rw', 'statement:rw'],
  settings: { language: 'en', timezone: 'auto', clock: '12hour', currency: 'USD' },
  emulation: null,
  environment: 'development',
  expiry: 12 * 3600,
};
const RENEWED: Session = { ...SESSION, expiry: 12 * 3600 + 1 };
const UPDATED: Session = {
  ...SESSION,
  settings: { language: 'fr', timezone: 'auto', clock: '12hour', currency: 'USD' },
};
const LOGIN_ERROR = {
  message: 'The username or password you entered is not recognized.',
  title: 'Invalid Login Credentials',
};

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type ActorName = 'readSession' | 'openSession' | 'renewSession' | 'closeSession';

/** The invoked actor behind each done or error event of the model. */
const ACTOR_OF_STATE: Record<string, ActorName> = {
  checking: 'readSession',
  authenticating: 'openSession',
  renewing: 'renewSession',
  signingOut: 'closeSession',
};
const done = (state: string, output: unknown) => ({
  type: `xstate.done.actor.0.session.${state}`,
  output,
});
const failed = (state: string, error: unknown) => ({
  type: `xstate.error.actor.0.session.${state}`,
  error,
});

type ModelEvent = { type: string } & Record<string, unknown>;

const MODEL_EVENTS: Record<string, ModelEvent[]> = {
  'session.login': [{ type: 'session.login', username: 'label@demo.label', password: 'secret' }],
  'session.logout': [{ type: 'session.logout' }],
  'session.expired': [{ type: 'session.expired' }],
  'session.update': [{ type: 'session.update', session: UPDATED }],
  'xstate.done.actor.0.session.checking': [done('checking', SESSION), done('checking', null)],
  'xstate.error.actor.0.session.checking': [failed('checking', new Error('offline'))],
  'xstate.done.actor.0.session.authenticating': [done('authenticating', SESSION)],
  'xstate.error.actor.0.session.authenticating': [failed('authenticating', LOGIN_ERROR)],
  'xstate.after.renewDelay.session.signedIn': [
    { type: 'xstate.after.renewDelay.session.signedIn' },
  ],
  'xstate.done.actor.0.session.renewing': [done('renewing', RENEWED)],
  'xstate.error.actor.0.session.renewing': [failed('renewing', new Error('offline'))],
  'xstate.after.retryDelay.session.renewalFailed': [
    { type: 'xstate.after.retryDelay.session.renewalFailed' },
  ],
  'xstate.done.actor.0.session.signingOut': [done('signingOut', undefined)],
  'xstate.error.actor.0.session.signingOut': [failed('signingOut', new Error('offline'))],
};

// createTestModel refuses machines with invocations, so the paths come from the graph directly;
// the event map is typed for the machine's own events, and the actor and timer events are added too.
const paths = getShortestPaths(sessionMachine, {
  events: Object.values(MODEL_EVENTS).flat() as never,
});

const describePath = (steps: ReadonlyArray<{ event: EventObject }>): string =>
  steps
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\.0\.session\./, '$1:'))
    .join(' → ') || 'start';

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** The real machine, its actors answering only when a path step says so. */
function createSystemUnderTest() {
  const pending = new Map<ActorName, Deferred>();
  const calls: Array<{ actor: ActorName; input: unknown }> = [];
  const controlled = <TOutput, TInput = unknown>(name: ActorName) =>
    fromPromise<TOutput, TInput>(({ input }) => {
      calls.push({ actor: name, input });
      return new Promise<TOutput>((resolve, reject) => {
        pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
      });
    });
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        readSession: controlled<Session | null>('readSession'),
        openSession: controlled<Session, Credentials>('openSession'),
        renewSession: controlled<Session>('renewSession'),
        closeSession: controlled<void>('closeSession'),
      },
    }),
  );
  actor.start();
  return { actor, pending, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('sessionMachine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state of the machine', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(
      [
        'authenticating',
        'checking',
        'renewalFailed',
        'renewing',
        'signedIn',
        'signedOut',
        'signingOut',
      ].sort(),
    );
  });

  for (const path of paths) {
    it(`reaches ${JSON.stringify(path.state.value)} via ${describePath(path.steps)}`, async () => {
      const sut = createSystemUnderTest();
      const answer = async (event: EventObject, outcome: 'resolve' | 'reject') => {
        const state = event.type.split('.').pop() ?? '';
        const name = ACTOR_OF_STATE[state];
        const deferred = name ? sut.pending.get(name) : undefined;
        if (!deferred) throw new Error(`No pending ${name ?? state} actor for ${event.type}`);
        sut.pending.delete(name as ActorName);
        const { output, error } = event as EventObject & { output?: unknown; error?: unknown };
        if (outcome === 'resolve') deferred.resolve(output);
        else deferred.reject(error);
        await settle();
      };
      const checkState = (expected: Snapshot) => {
        const actual = sut.actor.getSnapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
      };
      const exec = async (event: EventObject) => {
        const type = event.type;
        if (type.startsWith('xstate.done.actor')) return answer(event, 'resolve');
        if (type.startsWith('xstate.error.actor')) return answer(event, 'reject');
        if (type.startsWith('xstate.after.renewDelay')) {
          await vi.advanceTimersByTimeAsync(renewDelayMs(sut.actor.getSnapshot().context.session));
          return;
        }
        if (type.startsWith('xstate.after.retryDelay')) {
          await vi.advanceTimersByTimeAsync(RENEW_RETRY_DELAY_MS);
          return;
        }
        sut.actor.send(event as never);
        await settle();
      };
      // The first step is the machine's start.
      for (const [index, step] of path.steps.entries()) {
        if (index > 0) await exec(step.event);
        checkState(step.state);
      }
      checkState(path.state);
      sut.actor.stop();
    });
  }
});

describe('sessionMachine details', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes the credentials of the login event to the login actor', async () => {
    const sut = createSystemUnderTest();
    sut.pending.get('readSession')?.resolve(null);
    await settle();
    sut.actor.send({ type: 'session.login', username: 'a@b.c', password: 'pw' });
    await settle();
    expect(sut.calls.at(-1)).toEqual({
      actor: 'openSession',
      input: { username: 'a@b.c', password: 'pw' },
    });
  });

  it('renews exactly when less than one hour remains', async () => {
    const sut = createSystemUnderTest();
    sut.pending.get('readSession')?.resolve({ ...SESSION, expiry: 2 * 3600 });
    await settle();
    await vi.advanceTimersByTimeAsync(3600 * 1000 - 1);
    expect(sut.actor.getSnapshot().value).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.actor.getSnapshot().value).toBe('renewing');
  });

  it('keeps the login error texts of the server', async () => {
    const sut = createSystemUnderTest();
    sut.pending.get('readSession')?.resolve(null);
    await settle();
    sut.actor.send({ type: 'session.login', username: 'x', password: 'y' });
    await settle();
    sut.pending
      .get('openSession')
      ?.reject(Object.assign(new Error(LOGIN_ERROR.message), LOGIN_ERROR));
    await settle();
    expect(sut.actor.getSnapshot().context.loginError).toEqual(LOGIN_ERROR);
  });
});

describe('renewDelayMs', () => {
  it('waits until one hour before expiry', () => {
    expect(renewDelayMs({ ...SESSION, expiry: 12 * 3600 })).toBe(11 * 3600 * 1000);
    expect(renewDelayMs({ ...SESSION, expiry: 3600 + 5 })).toBe(MIN_RENEW_DELAY_MS);
  });

  it('never loops on sessions shorter than the threshold', () => {
    expect(renewDelayMs({ ...SESSION, expiry: 1800 })).toBe(MIN_RENEW_DELAY_MS);
    expect(renewDelayMs({ ...SESSION, expiry: 30 })).toBe(15_000);
    expect(RENEW_THRESHOLD_MS).toBe(3_600_000);
  });

  it('stays within what a timer can wait', () => {
    expect(renewDelayMs({ ...SESSION, expiry: 90 * 24 * 3600 })).toBe(2 ** 31 - 1);
  });
});
