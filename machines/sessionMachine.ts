import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Credentials, Session } from '../api/session';

/** SPEC section 9: a session is renewed when less than 1 hour remains. */
export const RENEW_THRESHOLD_MS = 3_600_000;
/** Floor between renewals, so a server whose sessions last under an hour is not called in a loop. */
export const MIN_RENEW_DELAY_MS = 60_000;
/** Retry a renewal that failed for a reason other than a lost session. */
export const RENEW_RETRY_DELAY_MS = 60_000;
/** setTimeout cannot wait longer than 2^31 - 1 ms; a longer wait would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LoginError {
  title?: string;
  message: string;
}

/** Why the last session ended: a logout goes to a plain /login, an expiry keeps the way back. */
export type SessionEnd = 'logout' | 'expiry';

export interface SessionContext {
  session: Session | null;
  loginError: LoginError | null;
  endedBy: SessionEnd | null;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.logout' }
  /** Any 401: the server no longer knows the session. */
  | { type: 'session.expired' }
  /** A call answered with a newer session object (settings changed, emulation). */
  | { type: 'session.update'; session: Session };

/** How long to wait, from receiving a session, before renewing it. */
export function renewDelayMs(session: Session | null): number {
  if (!session) return MIN_RENEW_DELAY_MS;
  const expiresInMs = Math.max(0, session.expiry * 1000);
  const floor = Math.min(MIN_RENEW_DELAY_MS, expiresInMs / 2);
  return Math.min(MAX_TIMER_MS, Math.max(expiresInMs - RENEW_THRESHOLD_MS, floor));
}

function toLoginError(error: unknown): LoginError {
  const { message, title } = (error ?? {}) as { message?: unknown; title?: unknown };
  return {
    message: typeof message === 'string' && message ? message : String(error),
    ...(typeof title === 'string' && title ? { title } : {}),
  };
}

function notProvided(name: string): never {
  throw new Error(`sessionMachine: actor "${name}" must be provided with machine.provide()`);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    readSession: fromPromise<Session | null>(() => notProvided('readSession')),
    openSession: fromPromise<Session, Credentials>(() => notProvided('openSession')),
    renewSession: fromPromise<Session>(() => notProvided('renewSession')),
    closeSession: fromPromise<void>(() => notProvided('closeSession')),
  },
  actions: {
    storeSession: assign({
      session: (_, session: Session | null) => session,
      loginError: null,
      endedBy: null,
    }),
    storeLoginError: assign({
      loginError: (_, params: { error: unknown }) => toLoginError(params.error),
    }),
    storeUpdatedSession: assign({
      session: ({ event }) => {
        assertEvent(event, 'session.update');
        return event.session;
      },
    }),
    endSession: assign({ session: null, endedBy: (_, params: { by: SessionEnd }) => params.by }),
    clearLoginError: assign({ loginError: null }),
  },
  guards: {
    hasSession: (_, session: Session | null) => session !== null,
  },
  delays: {
    renewDelay: ({ context }) => renewDelayMs(context.session),
    retryDelay: RENEW_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  context: { session: null, loginError: null, endedBy: null },
  initial: 'checking',
  on: {
    'session.expired': {
      target: '.signedOut',
      actions: { type: 'endSession', params: { by: 'expiry' } },
    },
  },
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'readSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'session.login': { target: 'authenticating', actions: 'clearLoginError' },
      },
    },
    authenticating: {
      tags: ['busy'],
      invoke: {
        src: 'openSession',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { username: event.username, password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'storeSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'storeLoginError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      after: { renewDelay: 'renewing' },
      on: {
        'session.logout': 'signingOut',
        'session.update': {
          target: 'signedIn',
          reenter: true,
          actions: 'storeUpdatedSession',
        },
      },
    },
    renewing: {
      tags: ['signedIn'],
      invoke: {
        src: 'renewSession',
        onDone: {
          target: 'signedIn',
          actions: { type: 'storeSession', params: ({ event }) => event.output },
        },
        onError: 'renewalFailed',
      },
      on: { 'session.logout': 'signingOut' },
    },
    renewalFailed: {
      tags: ['signedIn'],
      after: { retryDelay: 'renewing' },
      on: { 'session.logout': 'signingOut' },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'closeSession',
        onDone: { target: 'signedOut', actions: { type: 'endSession', params: { by: 'logout' } } },
        onError: { target: 'signedOut', actions: { type: 'endSession', params: { by: 'logout' } } },
      },
    },
  },
});
