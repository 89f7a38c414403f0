import { BehaviorSubject } from 'rxjs';
import type { i18n } from 'i18next';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/sessionMachine';
import { ApiClient, readDocumentCookie } from '../api/client';
import { CSRF_COOKIE } from '../api/csrf';
import { LiveEvents } from '../live/liveEvents';
import type { Credentials } from '../../api/session';
import { createLazyI18n } from '../i18n/lazy';
import { toastsMachine } from '../../machines/toastsMachine';
import { filterQuery, readFilters } from '../filters/globalFilters';
import { LANGUAGE_CHOICE_KEY, Preferences, readStored } from './preferences';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ToastsActor = ActorRefFrom<typeof toastsMachine>;

/** The application's long-lived objects, built once at start and handed to React through context. */
export interface Services {
  i18n: i18n;
  /** Settles once the starting language's texts are in: the app is shown after it. */
  languageReady: Promise<unknown>;
  api: ApiClient;
  toasts: ToastsActor;
  session: SessionActor;
  /** Set while the server is not reachable (SPEC section 8, the API-error flag). */
  apiError$: BehaviorSubject<boolean>;
  /** The live event stream: what changed on the server, as it commits. */
  live: LiveEvents;
  preferences: Preferences;
}

export const LANGUAGE_STORAGE_KEY = 'portal:language';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function createServices(): Services {
  const { i18n, ready: languageReady } = createLazyI18n(
    readStored(LANGUAGE_CHOICE_KEY) ?? storedLanguage() ?? navigator.language,
  );
  const preferences = new Preferences();
  const toasts: ToastsActor = createActor(toastsMachine).start();
  const apiError$ = new BehaviorSubject(false);
  // The machine's actors call the client only once started, after both exist.
  const session: SessionActor = createActor(
    sessionMachine.provide({
      actors: {
        readSession: fromPromise(() => api.readSession()),
        openSession: fromPromise(({ input }: { input: Credentials }) => api.login(input)),
        renewSession: fromPromise(() => api.renewSession()),
        closeSession: fromPromise(() => api.logout()),
      },
    }),
  );
  const api = new ApiClient({
    translate: (key) => i18n.t(key),
    toast: (toast) => toasts.send({ type: 'toast.add', toast }),
    onUnauthorized: () => session.send({ type: 'session.expired' }),
    debug: () => preferences.debug$.value,
    // The address holds the global filters, so what a GET appends is what the page shows.
    filters: () => filterQuery(readFilters(new URLSearchParams(window.location.search))),
    onApiError: (failing) => {
      if (apiError$.value !== failing) apiError$.next(failing);
    },
  });
  const live = new LiveEvents({
    open: (url) => new EventSource(url),
    csrf: () => readDocumentCookie(CSRF_COOKIE),
  });
  return { i18n, languageReady, api, toasts, session, apiError$, live, preferences };
}
