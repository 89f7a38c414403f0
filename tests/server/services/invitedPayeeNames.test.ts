// A label that types the address of a person of another account (in a split, its default splits
// or its payees list) invites them: until they accept, every answer the label gets names them only
// by that address, never by their name, home account, roles or activity; once they accept, by
// their name.
import { PDFParse } from 'pdf-parse';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../api/users';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { DISTROKID_HEADER } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';

const pdfText = async (bytes: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

/** The people of the demo install the second label names by their address, and who they are. */
const INVITED: Record<string, string> = {
  'admin@demo.label': 'Ada Admin',
  'overseer@demo.label': 'Otto Overseer',
  'payee@demo.label': 'Paco Payee',
  'warranter@demo.label': 'Walt Warranter',
};
/** The one who accepts, in the last test. */
const ACCEPTING = 'artist@demo.label';
/** Who the product's split names (the warranter is invited from the payees list only). */
const IN_SPLIT = ['admin@demo.label', 'overseer@demo.label', 'payee@demo.label', ACCEPTING];

describe('a person the label only invited', () => {
  let portal: TestPortal;
  let second: AccountFixture;
  let zora: LoggedIn;
  let statementId: string;
  /** User id by address, of everyone the label named. */
  const ids: Record<string, string> = {};
  /** What the label was answered when it saved the splits naming them. */
  const savedAnswers: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    portal.app.log.level = 'silent';
    second = await openSecondLabel(portal);
    zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    for (const row of await portal.db.query<{ id: string; username: string }>(
      'select id, username from users',
    )) {
      ids[row.username] = row.id;
    }
    const product = (await get(portal.app, zora, `/api/products/${second.productId}`)).json();
    const splits = await write(
      portal.app,
      zora,
      'PUT',
      `/api/products/${second.productId}/splits`,
      {
        version: product.version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: second.users['owner@zephyr.example'], pct: '50' },
              // Addresses typed as a person would, in any case.
              ...IN_SPLIT.map((email) => ({ email: email.toUpperCase(), pct: '12.5' })),
            ],
          },
        ],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    savedAnswers.push(splits.body);
    const defaults = (await get(portal.app, zora, '/api/default-splits')).json();
    const defaultSplits = await write(portal.app, zora, 'PUT', '/api/default-splits', {
      version: defaults.version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [
            { email: 'admin@demo.label', pct: '50' },
            { email: 'payee@demo.label', pct: '50' },
          ],
        },
      ],
    });
    expect(defaultSplits.statusCode, defaultSplits.body).toBe(200);
    savedAnswers.push(defaultSplits.body);
    const invited = await write(portal.app, zora, 'POST', '/api/users', {
      email: 'warranter@demo.label',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    savedAnswers.push(invited.body);

    // A statement of the song, funded, calculated and approved: payments to everyone named.
    const distroKid = (await get(portal.app, zora, '/api/distributors?q=DistroKid')).json().items[0]
      .id as string;
    const row = `2026-09-05\t2026-09\tSpotify\tBand\tSong\t${second.isrc}\t\t10\t100\tSong\tUS\t0\t100\n`;
    const uploaded = await uploadStatement(
      portal.app,
      zora,
      { distributor: distroKid, report_month: '2026-09', expected: '100' },
      [{ filename: 'september.tsv', content: DISTROKID_HEADER + row }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    statementId = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
    for (const [path, body] of [
      ['funds', { amount: '100' }],
      ['calculate', {}],
    ] as const) {
      const done = await write(
        portal.app,
        zora,
        'POST',
        `/api/statements/${statementId}/${path}`,
        body,
      );
      expect(done.statusCode, done.body).toBe(200);
      await portal.app.jobs.drain();
    }
    const approved = await write(
      portal.app,
      zora,
      'POST',
      `/api/statements/${statementId}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await portal.app.jobs.drain();
  }, 120_000);
  afterAll(() => portal.close());

  /**
   * Every answer the label gets that names the people of its splits and payments, as text, with
   * those about each of `people` on their own.
   */
  async function everyAnswer(people: readonly string[]): Promise<Record<string, string>> {
    const answers: Record<string, string> = {};
    const read = async (url: string) => {
      const answer = await get(portal.app, zora, url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      answers[url] = answer.headers['content-type']?.toString().startsWith('application/pdf')
        ? await pdfText(answer.rawPayload)
        : answer.body;
      return answer;
    };
    await read(`/api/products/${second.productId}`);
    await read('/api/default-splits');
    await read('/api/users');
    await read(`/api/statements/${statementId}/payees`);
    await read('/api/dashboard');
    for (const email of people) {
      const id = ids[email] ?? '';
      await read(`/api/users/${id}`);
      await read(`/api/dashboard?payee=${id}`);
      if (!IN_SPLIT.includes(email)) continue;
      for (const form of ['', '/csv', '/pdf'])
        await read(`/api/statements/${statementId}/payee-statement${form}?payee=${id}`);
    }
    const zip = await read(`/api/statements/${statementId}/payee-statements.zip`);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    answers['zip names'] = Object.keys(entries).join('\n');
    for (const [name, bytes] of Object.entries(entries)) {
      answers[`zip ${name}`] = name.endsWith('.pdf')
        ? await pdfText(Buffer.from(bytes))
        : Buffer.from(bytes).toString();
    }
    const payments = (await read('/api/payments')).json<{ items: { id: string }[] }>();
    expect(payments.items.length).toBeGreaterThanOrEqual(IN_SPLIT.length);
    for (const payment of payments.items) {
      await read(`/api/payments/${payment.id}`);
      await read(`/api/payments/${payment.id}/history`);
    }
    const transactions = (await read('/api/transactions')).json<{ items: { id: string }[] }>();
    for (const transaction of transactions.items) await read(`/api/transactions/${transaction.id}`);
    await read('/api/transactions?format=csv');
    return answers;
  }

  it('names them by the typed address alone in every answer, JSON, CSV and PDF', async () => {
    const answers = await everyAnswer(Object.keys(INVITED));
    const texts = {
      ...answers,
      ...Object.fromEntries(savedAnswers.map((body, n) => [`save ${n}`, body])),
    };
    // Neither their names nor the home account of any of them, anywhere.
    const leaks = Object.entries(texts).flatMap(([where, text]) =>
      [...Object.values(INVITED), 'Demo Records']
        // As the zip's file names spell them too.
        .flatMap((secret) => [secret, secret.toLowerCase().replace(/ /g, '-')])
        .filter((secret) => text.includes(secret))
        .map((secret) => `${where} shows "${secret}"`),
    );
    expect(leaks).toEqual([]);
    for (const [email, name] of Object.entries(INVITED)) {
      const id = ids[email] ?? '';
      const person = JSON.parse(answers[`/api/dashboard?payee=${id}`] ?? '{}').person;
      expect(person).toEqual({ id, fullname: email, account: 'Zephyr Second Label' });
      const user = JSON.parse(answers[`/api/users/${id}`] ?? '{}') as User;
      // Nothing of their own account: not its id, their roles, status, language, logins or version.
      expect(user).toMatchObject({
        fullname: email,
        accountId: '',
        roles: [],
        status: 'invited',
        language: '',
        lastLogin: null,
        version: 0,
      });
      const payees = JSON.parse(answers[`/api/statements/${statementId}/payees`] ?? '{}');
      if (IN_SPLIT.includes(email))
        expect(payees.items).toContainEqual(
          expect.objectContaining({ payeeId: id, fullname: email }),
        );
      // Searching by their name finds nobody and no payment.
      const [first] = name.split(' ');
      for (const list of ['users', 'payments', 'transactions']) {
        const found = await get(portal.app, zora, `/api/${list}?q=${first}`);
        expect(found.json().items, `${list}?q=${first}`).toEqual([]);
      }
    }
  }, 120_000);

  it('names them once they accept', async () => {
    const mail = await portal.db.query<{ link: string }>(
      `select link from outbox where recipient = $1 and link like '%/service/invitation?%'
        order by id desc limit 1`,
      [ACCEPTING],
    );
    const token = new URL(mail[0]?.link ?? 'http://x').searchParams.get('token') ?? '';
    const accepted = await portal.app.inject({
      method: 'POST',
      url: '/api/payee-invitations/accept',
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const id = ids[ACCEPTING] ?? '';
    const answers = await everyAnswer([ACCEPTING]);
    for (const url of [
      `/api/products/${second.productId}`,
      '/api/users',
      `/api/statements/${statementId}/payees`,
      `/api/statements/${statementId}/payee-statement/pdf?payee=${id}`,
      '/api/payments',
      '/api/transactions?format=csv',
    ]) {
      expect(answers[url], url).toContain('Aria Artist');
    }
    const person = JSON.parse(answers[`/api/dashboard?payee=${id}`] ?? '{}').person;
    expect(person).toEqual({ id, fullname: 'Aria Artist', account: 'Demo Records' });
  }, 120_000);
});
