import { assign, fromPromise, setup } from 'xstate';
import type { EmulationUser } from '../api/emulation';
import type { Session } from '../api/session';
import { EMULATE_MIN_SEARCH } from '../rules/emulation';

export type EmulationFilter = 'all' | 'warranters';

export interface EmulationQuery {
  /** Sent only when longer than 2 characters. */
  text?: string;
  /** true: warranters only; absent: all users. */
  warranter?: boolean;
}

export interface EmulationContext {
  filter: EmulationFilter;
  text: string;
  users: EmulationUser[];
  recent: EmulationUser[];
  /** Set while emulating: choosing then switches (PUT) instead of starting (POST). */
  switching: boolean;
  chosen: string | null;
}

export type EmulationEvent =
  | { type: 'emulate.filter'; filter: EmulationFilter }
  | { type: 'emulate.search'; text: string }
  | { type: 'emulate.choose'; username: string };

/** The text the server sees: nothing until the search is long enough. */
export const effectiveSearch = (text: string): string =>
  text.trim().length >= EMULATE_MIN_SEARCH ? text.trim() : '';

export const queryOf = (context: Pick<EmulationContext, 'filter' | 'text'>): EmulationQuery => {
  const text = effectiveSearch(context.text);
  return {
    ...(text ? { text } : {}),
    ...(context.filter === 'warranters' ? { warranter: true } : {}),
  };
};

function notProvided(name: string): never {
  throw new Error(`emulationMachine: "${name}" must be provided with machine.provide()`);
}

/**
 * The Emulate Account dialog: both lists load (a loader shows until both finish, a failure is only
 * logged), the filter and the search reload the users, choosing an account starts or switches the
 * emulation and then the whole application reloads.
 */
export const emulationMachine = setup({
  types: {
    context: {} as EmulationContext,
    events: {} as EmulationEvent,
    input: {} as { switching: boolean },
  },
  actors: {
    loadUsers: fromPromise<EmulationUser[], EmulationQuery>(() => notProvided('loadUsers')),
    loadRecent: fromPromise<EmulationUser[]>(() => notProvided('loadRecent')),
    startEmulation: fromPromise<Session, { username: string; switching: boolean }>(() =>
      notProvided('startEmulation'),
    ),
  },
  actions: {
    storeUsers: assign({ users: (_, users: EmulationUser[]) => users }),
    storeRecent: assign({ recent: (_, recent: EmulationUser[]) => recent }),
    storeFilter: assign({ filter: (_, filter: EmulationFilter) => filter }),
    storeText: assign({ text: (_, text: string) => text }),
    storeChosen: assign({ chosen: (_, username: string) => username }),
    logLoadError: (_, params: { error: unknown }) => {
      console.error('Emulate dialog: a list failed to load', params.error);
    },
    /** SPEC section 4: after choosing an account the whole application reloads at /dashboard. */
    reloadApplication: () => notProvided('reloadApplication'),
  },
  guards: {
    changesQuery: ({ context }, params: { filter?: EmulationFilter; text?: string }) => {
      const next = { filter: params.filter ?? context.filter, text: params.text ?? context.text };
      return JSON.stringify(queryOf(next)) !== JSON.stringify(queryOf(context));
    },
  },
}).createMachine({
  id: 'emulation',
  context: ({ input }) => ({
    filter: 'all',
    text: '',
    users: [],
    recent: [],
    switching: input.switching,
    chosen: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      type: 'parallel',
      onDone: 'ready',
      states: {
        users: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadUsers',
                input: ({ context }) => queryOf(context),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'storeUsers', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'loaded',
                  actions: {
                    type: 'logLoadError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            loaded: { type: 'final' },
          },
        },
        recent: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadRecent',
                onDone: {
                  target: 'loaded',
                  actions: { type: 'storeRecent', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'loaded',
                  actions: {
                    type: 'logLoadError',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
            loaded: { type: 'final' },
          },
        },
      },
    },
    ready: {
      on: {
        'emulate.filter': [
          {
            guard: { type: 'changesQuery', params: ({ event }) => ({ filter: event.filter }) },
            target: 'searching',
            actions: { type: 'storeFilter', params: ({ event }) => event.filter },
          },
          { actions: { type: 'storeFilter', params: ({ event }) => event.filter } },
        ],
        'emulate.search': [
          {
            guard: { type: 'changesQuery', params: ({ event }) => ({ text: event.text }) },
            target: 'searching',
            actions: { type: 'storeText', params: ({ event }) => event.text },
          },
          { actions: { type: 'storeText', params: ({ event }) => event.text } },
        ],
        'emulate.choose': {
          target: 'choosing',
          actions: { type: 'storeChosen', params: ({ event }) => event.username },
        },
      },
    },
    searching: {
      tags: ['searching'],
      invoke: {
        src: 'loadUsers',
        input: ({ context }) => queryOf(context),
        onDone: {
          target: 'ready',
          actions: { type: 'storeUsers', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: { type: 'logLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // A newer query replaces the one in flight.
        'emulate.filter': {
          target: 'searching',
          reenter: true,
          actions: { type: 'storeFilter', params: ({ event }) => event.filter },
        },
        'emulate.search': {
          target: 'searching',
          reenter: true,
          actions: { type: 'storeText', params: ({ event }) => event.text },
        },
      },
    },
    choosing: {
      tags: ['busy'],
      invoke: {
        src: 'startEmulation',
        input: ({ context }) => ({ username: context.chosen ?? '', switching: context.switching }),
        onDone: { target: 'chosen', actions: 'reloadApplication' },
        // The client has shown the failure; the dialog stays open for another choice.
        onError: 'ready',
      },
    },
    chosen: { type: 'final', tags: ['busy'] },
  },
});
