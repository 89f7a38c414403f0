import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Session } from '../../../api/session';
import { sessionMachine } from '../../../machines/sessionMachine';
import { ServicesContext } from '../../../src/app/ServicesContext';
import type { Services } from '../../../src/app/services';
import { DistributorEditPage } from '../../../src/distributors/DistributorEditPage';
import { DistributorsPage } from '../../../src/distributors/DistributorsPage';
import { createI18n } from '../../../src/i18n';
import { ImportPage } from '../../../src/import/ImportPage';
import { UploadDrawerProvider } from '../../../src/import/UploadDrawerProvider';
import { routeById } from '../../../src/routes/table';

/** A label's staff member signed in: they may import statements. */
const LABEL_STAFF: Session = {
  status: 'ok',
  account: { id: 'label-1', name: 'Demo Records' },
  fullname: 'Lena Label',
  username: 'label@demo.label',
  roles: ['owner'],
  permissions: ['statement:rw', 'distributor:rw', 'import:rw'],
  settings: { language: 'en', timezone: 'auto', clock: '12hour', currency: 'USD' },
  emulation: null,
  environment: 'test',
  expiry: 3600,
};

/** A session whose person is signed in as `session`. */
async function signedIn(session: Session): Promise<AnyActorRef> {
  const actor = createActor(
    sessionMachine.provide({
      actors: { readSession: fromPromise<Session | null>(() => Promise.resolve(session)) },
    }),
  ).start();
  await waitFor(actor, (snapshot) => snapshot.context.session !== null);
  return actor;
}

/** Server-renders a page at a path: effects do not run, so no call is made. */
function renderAt(
  path: string,
  pattern: string,
  page: ReactNode,
  language = 'en',
  session: AnyActorRef = createActor(
    sessionMachine.provide({ actors: { readSession: fromPromise(() => new Promise(() => {})) } }),
  ),
): string {
  const i18n = createI18n(language);
  const services = { i18n, api: {}, session } as unknown as Services;
  return renderToStaticMarkup(
    createElement(
      ServicesContext.Provider,
      { value: services },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(
          UploadDrawerProvider,
          null,
          createElement(
            MemoryRouter,
            { initialEntries: [path] },
            createElement(Routes, null, createElement(Route, { path: pattern, element: page })),
          ),
        ),
      ),
    ),
  );
}

describe('distributor pages', () => {
  it('offers the whole template editor on /distributors/add', () => {
    const html = renderAt(
      '/distributors/add',
      '/distributors/add',
      createElement(DistributorEditPage, { route: routeById('distributor-add') }),
    );
    for (const label of [
      'Supports statement upload',
      'Template name',
      'Layout name',
      'Identifying headers',
      'Delimiter',
      'Encoding',
      'Rows before the header',
      'Total rows start with',
      'Decimal separator',
      'Decided per file from its amounts',
      'Decimal comma (1.234,56)',
      'Code column 1',
      'Add a layout',
      'Sample file',
    ])
      expect(html).toContain(label);
  });

  it('is translated', () => {
    const html = renderAt(
      '/distributors/add',
      '/distributors/add',
      createElement(DistributorEditPage, { route: routeById('distributor-add') }),
      'ja',
    );
    expect(html).toContain('テンプレート名');
  });

  it('shows the list page while loading', () => {
    const html = renderAt(
      '/distributors',
      '/distributors',
      createElement(DistributorsPage, { route: routeById('distributors') }),
    );
    expect(html).toContain('Loading distributors…');
  });
});

describe('import page', () => {
  it('renders while the distributors load, for a person who may import', async () => {
    const html = renderAt(
      '/import',
      '/import',
      createElement(ImportPage, { route: routeById('import') }),
      'en',
      await signedIn(LABEL_STAFF),
    );
    expect(html).toContain('Loading distributors…');
  });
});
