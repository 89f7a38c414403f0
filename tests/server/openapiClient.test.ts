// The published contract, /api/openapi.json, as a partner's developer uses it: Redocly lints it, a
// typed client is generated from it (openapi-typescript types, the openapi-fetch client), the
// TypeScript compiler checks code written against that client, and the code files a statement with
// an intake key and downloads a CSV export from a running portal.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed';
import { startPortal, type TestPortal } from './harness';
import { distroKidHeader, distroKidLine } from './import/helpers';

const ROOT = resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: object } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Code a partner would write against the generated client; `./schema` is the generated types. */
const CLIENT_CODE = `
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export interface Session {
  cookie: string;
  csrf: string;
}

/** The API, with a person's session (its cookie, and its csrf token where each method takes it). */
function api(baseUrl: string, session: Session | null = null) {
  const client = createClient<paths>({ baseUrl });
  if (session) {
    const credentials: Middleware = {
      onRequest({ request }) {
        request.headers.set('cookie', session.cookie);
        if (request.method !== 'GET') {
          request.headers.set('x-csrf-token', session.csrf);
          return request;
        }
        const url = new URL(request.url);
        url.searchParams.set('csrf', session.csrf);
        return new Request(url, { method: 'GET', headers: request.headers });
      },
    };
    client.use(credentials);
  }
  return client;
}

export async function logIn(baseUrl: string, username: string, password: string): Promise<Session> {
  const { data, response } = await api(baseUrl).POST('/api/session', {
    body: { username, password },
  });
  if (!data) throw new Error('login answered ' + response.status);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const csrf = cookies.find((cookie) => cookie.startsWith('portal_csrf=')) ?? '';
  return { cookie: cookies.join('; '), csrf: csrf.slice('portal_csrf='.length) };
}

export async function createIntakeKey(baseUrl: string, session: Session, distributor: string) {
  const client = api(baseUrl, session);
  const { data: list } = await client.GET('/api/distributors', { params: { query: { limit: 100 } } });
  const distributorId = list?.items.find((item) => item.name === distributor)?.id ?? '';
  const { data, response } = await client.POST('/api/intake-keys', {
    body: { distributorId, name: distributor + ' delivery' },
  });
  if (!data) throw new Error('the intake key answered ' + response.status);
  return data.secret;
}

export async function sendStatement(baseUrl: string, intakeKey: string, name: string, text: string) {
  const { data, response } = await api(baseUrl).POST('/api/intake/statements', {
    headers: { authorization: 'Bearer ' + intakeKey },
    body: {
      body: JSON.stringify({ report_month: '2026-09', expected: '4.25' }),
      file: [new Blob([text], { type: 'text/tab-separated-values' })],
    },
    bodySerializer(body) {
      const form = new FormData();
      form.append('body', body.body);
      for (const file of body.file) form.append('file', file, name);
      return form;
    },
  });
  return { status: response.status, statementId: data?.[0]?.id ?? null };
}

export async function readStatement(baseUrl: string, session: Session, id: string) {
  const { data } = await api(baseUrl, session).GET('/api/statements/{id}', {
    params: { path: { id } },
  });
  return data ? { status: data.status, period: data.period, records: data.records } : null;
}

export async function transactionsCsv(baseUrl: string, session: Session) {
  const { data, response } = await api(baseUrl, session).GET('/api/transactions', {
    params: { query: { format: 'csv' } },
    parseAs: 'text',
  });
  return { type: response.headers.get('content-type'), text: data ?? '' };
}
`;

interface GeneratedClient {
  logIn(baseUrl: string, username: string, password: string): Promise<unknown>;
  createIntakeKey(baseUrl: string, session: unknown, distributor: string): Promise<string>;
  sendStatement(
    baseUrl: string,
    key: string,
    name: string,
    text: string,
  ): Promise<{ status: number; statementId: string | null }>;
  readStatement(
    baseUrl: string,
    session: unknown,
    id: string,
  ): Promise<{ status: string; period: string; records: number } | null>;
  transactionsCsv(baseUrl: string, session: unknown): Promise<{ type: string; text: string }>;
}

/** A Blob where the document says `format: binary`, as openapi-typescript's documentation shows. */
function binaryAsBlob(schema: { format?: string }): ts.TypeNode | undefined {
  return schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined;
}

describe('the published OpenAPI contract', () => {
  let portal: TestPortal;
  let baseUrl: string;
  let document: Document;
  let dir: string;

  beforeAll(async () => {
    portal = await startPortal();
    baseUrl = await portal.app.listen({ host: '127.0.0.1', port: 0 });
    document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as Document;
    dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
  });
  afterAll(async () => {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method} ${path}`,
        operation,
      })),
    );
  const operation = (method: string, path: string) => document.paths[path]?.[method];

  it('passes Redocly’s recommended rules without an error', async () => {
    const { stdout } = await run(
      join(ROOT, 'node_modules', '.bin', 'redocly'),
      ['lint', join(dir, 'openapi.json'), '--format=json', '--max-problems=100000'],
      // Nothing leaves the machine: no usage report, no update check.
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(stdout) as {
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    // The install's license is its owner's to state; nothing else is left to warn of.
    const warnings = report.problems.map((problem) => problem.ruleId);
    expect([...new Set(warnings)]).toEqual(['info-license']);
  });

  it('names every operation once and says which credentials each takes', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ operation }) => operation.security === undefined)).toEqual([]);

    expect(operation('post', '/api/statements/{id}/calculate')?.operationId).toBe(
      'postStatementsByIdCalculate',
    );
    expect(operation('get', '/api/health')?.security).toEqual([]);
    expect(operation('post', '/api/session')?.security).toEqual([]);
    expect(operation('post', '/api/intake/statements')?.security).toEqual([{ intakeKey: [] }]);
    expect(operation('get', '/api/statements')?.security).toEqual([{ session: [], csrfQuery: [] }]);
    expect(operation('post', '/api/statement/upload')?.security).toEqual([
      { session: [], csrfHeader: [] },
    ]);
  });

  it('declares what each route really sends and takes', () => {
    const types = (method: string, path: string, status = '200') =>
      Object.keys(operation(method, path)?.responses[status]?.content ?? {});
    expect(types('get', '/api/transactions')).toEqual(['application/json', 'text/csv']);
    expect(types('get', '/api/analytics/overview')).toEqual(['application/json', 'text/csv']);
    expect(types('get', '/api/periods/{period}/journal')).toEqual(['application/json', 'text/csv']);
    expect(types('get', '/api/earnings/{id}/pdf')).toEqual(['application/pdf']);
    expect(types('get', '/api/payee-statements.zip')).toEqual(['application/zip']);
    expect(types('get', '/api/tax-form/documents/{year}')).toEqual(['application/pdf']);
    expect(types('get', '/api/tax-forms/1099-misc.csv')).toEqual(['text/csv']);
    expect(types('get', '/api/tax-forms/1042-s.csv')).toEqual(['text/csv']);
    expect(types('get', '/api/settings/documents/{id}/file')).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
    ]);
    expect(types('get', '/api/products/{id}/preview-input')).toEqual([
      'application/json',
      'text/plain',
    ]);

    const multipart = operations().filter(
      ({ operation }) => operation.requestBody?.content['multipart/form-data'] !== undefined,
    );
    expect(multipart.map(({ key }) => key).sort()).toEqual([
      'post /api/bank-files/returns',
      'post /api/distributors/preview',
      'post /api/distributors/{id}/preview',
      'post /api/intake/statements',
      'post /api/layouts/preview',
      'post /api/layouts/proposal',
      'post /api/settings/documents',
      'post /api/statement/preview',
      'post /api/statement/upload',
      'post /api/statements/{id}/files/{fileId}/replace',
      'post /api/statements/{id}/retry',
    ]);
    expect(
      operation('post', '/api/intake/statements')?.requestBody?.content['multipart/form-data']
        ?.schema.properties,
    ).toMatchObject({
      body: { type: 'string' },
      file: { type: 'array', items: { type: 'string', format: 'binary' } },
    });
    // One error body for every error answer, which a generated client names once.
    expect(
      operation('post', '/api/intake/statements')?.responses['413']?.content?.['application/json'],
    ).toEqual({ schema: { $ref: '#/components/schemas/ErrorBody' } });
    // Every route that reads a body says it can be too large or of a type it does not read.
    const readingBodies = operations().filter(({ operation }) => operation.requestBody);
    expect(readingBodies.length).toBeGreaterThan(9);
    for (const { key, operation } of readingBodies) {
      expect([key, Object.keys(operation.responses)]).toEqual([
        key,
        expect.arrayContaining(['413', '415']),
      ]);
    }
  });

  it('answers a body of a type no route reads with the 415 it declares', async () => {
    const response = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<session/>',
    });
    expect(response.status).toBe(415);
    expect(Object.keys(operation('post', '/api/session')?.responses ?? {})).toContain('415');
    expect(await response.json()).toEqual({ message: expect.stringMatching(/media type/i) });
  });

  it('generates a client that compiles, files a statement with an intake key and downloads a CSV', async () => {
    const types = astToString(
      await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
        transform: binaryAsBlob,
      }),
    );
    writeFileSync(join(dir, 'schema.ts'), types);
    writeFileSync(join(dir, 'client.ts'), CLIENT_CODE);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));

    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
      outDir: dir,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
    expect(program.emit().emitSkipped).toBe(false);

    const client = (await import(
      /* @vite-ignore */ pathToFileURL(join(dir, 'client.js')).href
    )) as GeneratedClient;
    const lena = await client.logIn(baseUrl, 'label@demo.label', DEMO_PASSWORD);
    const key = await client.createIntakeKey(baseUrl, lena, 'DistroKid');
    expect(key).toMatch(/^rpi_/);

    const sent = await client.sendStatement(
      baseUrl,
      key,
      'distrokid-september.tsv',
      distroKidHeader('USD') + distroKidLine({ earnings: '4.25' }),
    );
    expect(sent.status).toBe(201);
    expect(sent.statementId).toMatch(/^[0-9a-f-]{36}$/);
    const statementId = sent.statementId ?? '';
    expect(await client.readStatement(baseUrl, lena, statementId)).toEqual({
      status: 'syncing',
      period: '2026-09',
      records: 0,
    });
    await portal.app.jobs.drain();
    expect(await client.readStatement(baseUrl, lena, statementId)).toEqual({
      status: 'waiting-for-funds',
      period: '2026-09',
      records: 1,
    });

    const csv = await client.transactionsCsv(baseUrl, lena);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')[0]).toBe(
      'id,payment,statement,account,payee,amount,fee,total,currency,status,passback,trace id,bank transfer id,transferred,created',
    );
  });
});
