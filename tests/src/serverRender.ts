import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/sessionMachine';
import { ServicesContext } from '../../src/app/ServicesContext';
import type { Services } from '../../src/app/services';
import { createI18n } from '../../src/i18n';

/**
 * Server-renders `element` with the services a page has, in `language`: effects do not run, so
 * no call is made and the session is never read.
 */
export function renderWithServices(element: ReactElement, language = 'en'): string {
  const i18n = createI18n(language);
  const session = createActor(
    sessionMachine.provide({ actors: { readSession: fromPromise(() => new Promise(() => {})) } }),
  );
  const services = { i18n, api: {}, session } as unknown as Services;
  return renderToStaticMarkup(
    createElement(
      ServicesContext.Provider,
      { value: services },
      createElement(I18nextProvider, { i18n }, element),
    ),
  );
}
