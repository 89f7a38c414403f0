// Payees give a tax form before their first payment (issue 42, "Tax forms"): the form asked
// follows from their status, forms are versioned and a W-8 expires, a payment waits held with
// its reason until a valid form is signed, and the year-end figures carry the TIN in the
// accountant's 1099-MISC file only: never in the log, the server's log or another answer.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_FORM_MESSAGES, TAX_FORM_SIGNER_ONLY, TAX_FORM_TEXTS } from '../../../rules/taxForms';
import { PAYMENT_TERMS_VERSION } from '../../../rules/paymentTerms';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { loggerOptions } from '../../../server/plugins/logging';
import { DEMO_PASSWORD } from '../../../server/seed';
import { openAccount } from '../../../server/services/registration';
import { addDemoPerson } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { confirmSandboxDeposits } from '../payments/microDeposits';
import { ownLabel, TEST_W9 } from '../statements/labelStatements';
import { w8benFor } from '../fixtures/taxForms';

const W8BEN = w8benFor('Françoise Étrangère');

describe('tax forms', () => {
  let portal: TestPortal;
  const logLines: string[] = [];
  beforeAll(async () => {
    portal = await startPortal({
      logger: {
        ...loggerOptions('info'),
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      },
    });
  });
  afterAll(() => portal.close());

  /** A verified bank account and the terms accepted: everything a payment needs but the form. */
  const payableButForm = async (who: LoggedIn) => {
    const added = await write(portal.app, who, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await confirmSandboxDeposits(portal.app, who)).json().status).toBe('verified');
    const accepted = await write(portal.app, who, 'POST', '/api/payment-method/terms', {
      version: PAYMENT_TERMS_VERSION,
      language: 'en',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  };

  /** A label of its own whose payee Paco is owed `earnings` of one month, payable but for a form. */
  const labelOwingPaco = async (name: string, isrc: string, earnings = '10') => {
    const label = await ownLabel(portal, {
      name,
      isrc,
      payees: { paco: { fullname: 'Paco Payee', pct: '100', bank: null } },
    });
    const paco = label.payees.paco!;
    const session = await login(portal.app, paco.username);
    await payableButForm(session);
    await label.settle('2026-09', earnings);
    return { label, paco, session };
  };

  const paymentOf = async (who: LoggedIn, payeeId: string) => {
    const list = (await get(portal.app, who, `/api/payments?payee=${payeeId}`)).json();
    return list.items[0] as { id: string; status: string; holdReason: string | null };
  };
  const sign = (who: LoggedIn, form: Record<string, unknown>) =>
    write(portal.app, who, 'POST', '/api/tax-form', form);
  const taxForm = async (who: LoggedIn) => (await get(portal.app, who, '/api/tax-form')).json();

  /** Settles the sandbox's transfers started by the last batch: the payments complete. */
  const completeTransfers = async () => {
    portal.clock.advance(60_001);
    await portal.app.tickPartner();
    portal.clock.advance(1001);
    await portal.app.tickPartner();
    await portal.app.tickPartner();
  };

  it('asks a W-9 of a US person, a W-8BEN of a person abroad and a W-8BEN-E of an entity abroad, and refuses the wrong one', async () => {
    const label = await ownLabel(portal, {
      name: 'Asked Form Records',
      isrc: 'QZAF12600001',
      payees: { us: { fullname: 'Una States', pct: '100', bank: null } },
    });
    const una = await login(portal.app, label.payees.us!.username);
    expect(await taxForm(una)).toMatchObject({ asked: 'w9', business: false, status: 'missing' });

    // A person living in France: a W-8BEN. A W-8BEN-E is an entity's and is refused.
    await addDemoPerson(portal, {
      username: 'francoise@asked.example',
      fullname: 'Françoise Étrangère',
      accountId: label.accountId,
    });
    const francoise = await login(portal.app, 'francoise@asked.example');
    const moved = await write(portal.app, francoise, 'PATCH', '/api/settings/person', {
      phone: '',
      birthdate: '',
      address: W8BEN.address,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await taxForm(francoise)).toMatchObject({ asked: 'w8ben', business: false });
    const asEntity = await sign(francoise, {
      ...W8BEN,
      kind: 'w8ben-e',
      chapter3Status: 'corporation',
    });
    expect(asEntity.statusCode).toBe(400);
    expect(asEntity.json().errors).toContainEqual({
      path: 'kind',
      message: TAX_FORM_MESSAGES.kind,
    });
    // A W-8 gives an address abroad; a W-9 an address in the United States.
    const w8InUs = await sign(francoise, { ...W8BEN, address: TEST_W9.address });
    expect(w8InUs.json().errors).toContainEqual({
      path: 'address/country',
      message: TAX_FORM_MESSAGES.foreignAddress,
    });

    // A business of its own, organised in the United Kingdom: a W-8BEN-E; a W-8BEN is refused.
    const businessAccount = await portal.db.transaction((tx) =>
      openAccount(tx, 'Albion Sounds Ltd', 'business', {
        actor: null,
        emulatingActor: null,
        at: portal.clock.now(),
      }),
    );
    await addDemoPerson(portal, {
      username: 'albion@asked.example',
      fullname: 'Alfie Albion',
      accountId: businessAccount,
    });
    const alfie = await login(portal.app, 'albion@asked.example');
    const london = {
      street: '1 King Street',
      suite: '',
      city: 'London',
      state: '',
      postalCode: 'EC2V 8AU',
      country: 'GB',
    };
    const details = await write(portal.app, alfie, 'PUT', '/api/business/details', {
      businessName: 'Albion Sounds Ltd',
      dba: null,
      businessType: 'corporation',
      classification: 'record-label',
      ein: '74-1234567',
      address: london,
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(await taxForm(alfie)).toMatchObject({ asked: 'w8ben-e', business: true });
    const asPerson = await sign(alfie, { ...W8BEN, address: london, country: 'GB' });
    expect(asPerson.json().errors).toContainEqual({
      path: 'kind',
      message: TAX_FORM_MESSAGES.kind,
    });
    const entity = await sign(alfie, {
      ...W8BEN,
      kind: 'w8ben-e',
      name: 'Albion Sounds Ltd',
      address: london,
      country: 'GB',
      chapter3Status: 'corporation',
      treaty: { country: 'GB', article: '12', rate: '0' },
      signerName: 'Alfie Albion',
    });
    expect(entity.statusCode, entity.body).toBe(200);
    expect(entity.json()).toMatchObject({
      status: 'valid',
      current: { kind: 'w8ben-e', chapter3Status: 'corporation', tinLast4: null },
    });
    // Nothing was recorded of the refused forms.
    const [signed] = await portal.db.query<{ count: string }>(
      `select count(*)::text as count from events where stream_id like 'taxform-%'
          and actor in (select id from users where username like '%@asked.example')`,
    );
    expect(signed?.count).toBe('1');
  });

  it('keeps every version signed, the words certified with their version, and expires a W-8 at the end of the third year after', async () => {
    const label = await ownLabel(portal, {
      name: 'Versioned Form Records',
      isrc: 'QZVF12600001',
      payees: { fr: { fullname: 'Françoise Étrangère', pct: '100', bank: null } },
    });
    const francoise = await login(portal.app, label.payees.fr!.username);
    expect((await sign(francoise, { ...W8BEN, treaty: null })).statusCode).toBe(200);
    const firstSignedAt = Math.floor(portal.clock.now().getTime() / 1000);
    portal.clock.advance(60_000);
    const second = await sign(francoise, W8BEN);
    expect(second.statusCode, second.body).toBe(200);
    const answer = second.json();
    expect(answer.history).toHaveLength(2);
    const [newest, oldest] = answer.history;
    expect(answer.current).toEqual(newest);
    expect(newest).toMatchObject({
      kind: 'w8ben',
      treaty: { country: 'FR', article: '12', rate: '0' },
      signerName: 'Françoise Étrangère',
      text: TAX_FORM_TEXTS.w8ben,
      textVersion: 1,
      supersededAt: null,
      // Signed in 2026 (TEST_START), valid through 2029-12-31; a year later, through 2030.
      expiresAt: Date.UTC(portal.clock.now().getUTCFullYear() + 4, 0, 1) / 1000,
    });
    expect(oldest).toMatchObject({
      treaty: null,
      signedAt: firstSignedAt,
      supersededAt: newest.signedAt,
    });
    // The label reads the status, never a number.
    const listed = (await get(portal.app, label.owner, '/api/tax-forms')).json().items;
    expect(listed).toEqual([
      {
        payeeId: label.payees.fr!.id,
        name: 'Françoise Étrangère',
        kind: 'w8ben',
        status: 'valid',
        signedAt: newest.signedAt,
        expiresAt: newest.expiresAt,
      },
    ]);
    // An emulating admin signs nothing: the form is the payee's own signature.
    const ada = await login(portal.app, 'admin@demo.label');
    await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: label.payees.fr!.username,
    });
    const byAdmin = await sign(ada, W8BEN);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(TAX_FORM_SIGNER_ONLY);
    await write(portal.app, ada, 'DELETE', '/api/session/emulate', {});

    // Replay rebuilds the forms and their history as they are.
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });

  it('holds a payment of a payee without a valid form with a reason both read, and pays it in the batch after they sign', async () => {
    const { label, paco, session } = await labelOwingPaco('Held Form Records', 'QZHF12600001');
    await portal.app.runPaymentBatch();
    const held = { status: 'held', holdReason: 'tax-form-missing' };
    expect(await paymentOf(session, paco.id)).toMatchObject(held);
    expect(await paymentOf(label.owner, paco.id)).toMatchObject(held);
    expect((await get(portal.app, label.owner, '/api/tax-forms')).json().items).toMatchObject([
      { payeeId: paco.id, status: 'missing', kind: null },
    ]);

    expect((await sign(session, { ...TEST_W9, name: 'Paco Payee' })).statusCode).toBe(200);
    await portal.app.runPaymentBatch();
    expect(await paymentOf(session, paco.id)).toMatchObject({
      status: 'processing',
      holdReason: null,
    });
  });

  it('holds the payments of a payee whose W-8 expired until they sign a new one', async () => {
    const { paco, session } = await labelOwingPaco('Expired Form Records', 'QZEF12600001');
    // Paco lives in France and signs his W-8BEN: valid through the third year after this one.
    await write(portal.app, session, 'PATCH', '/api/settings/person', {
      phone: '',
      birthdate: '',
      address: W8BEN.address,
    });
    expect((await sign(session, W8BEN)).statusCode).toBe(200);
    const signedAt = portal.clock.now();
    const expiry = Date.UTC(signedAt.getUTCFullYear() + 4, 0, 1);
    portal.clock.advance(expiry - signedAt.getTime() - 1000);
    // Three years on, everybody signs in again.
    const later = await login(portal.app, paco.username);
    expect((await taxForm(later)).status).toBe('valid');
    portal.clock.advance(1000);
    expect((await taxForm(later)).status).toBe('expired');
    const owner = await login(portal.app, 'owner@expired-form-records.example');
    expect((await get(portal.app, owner, '/api/tax-forms')).json().items).toMatchObject([
      { payeeId: paco.id, status: 'expired', kind: 'w8ben' },
    ]);
    await portal.app.runPaymentBatch();
    expect(await paymentOf(later, paco.id)).toMatchObject({ holdReason: 'tax-form-missing' });
    expect((await sign(later, W8BEN)).statusCode).toBe(200);
    await portal.app.runPaymentBatch();
    expect(await paymentOf(later, paco.id)).toMatchObject({ status: 'processing' });
  });

  it('writes the TIN in the accountant’s 1099-MISC file only: not in the log, the server’s log, nor any other answer', async () => {
    const tin = '401-22-9876';
    const digits = tin.replace(/-/g, '');
    const { label, paco, session } = await labelOwingPaco(
      'Secret Tin Records',
      'QZST12600001',
      '25',
    );
    const signed = await sign(session, { ...TEST_W9, name: 'Paco Payee', tin });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().current).toMatchObject({ tinKind: 'ssn', tinLast4: '9876' });
    await portal.app.runPaymentBatch();
    await completeTransfers();
    const payment = await paymentOf(label.owner, paco.id);
    expect(payment.status).toBe('completed');
    const year = new Date(portal.clock.now()).getUTCFullYear();

    const csv = await get(portal.app, label.owner, `/api/tax-forms/1099-misc.csv?year=${year}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row, ...rest] = csv.body.trimEnd().split('\r\n');
    expect(rest).toEqual([]);
    expect(header?.split(',')).toContain('Recipient TIN');
    expect(row).toBe(
      `${year},Secret Tin Records LLC,747654321,"10 Main Street, Austin, TX, 78701, US",Paco Payee,${digits},SSN,2 Test Road,Nashville,TN,37203,US,25.00`,
    );

    // The payee's own copy: theirs only, the TIN masked.
    const documents = (await taxForm(session)).documents;
    expect(documents).toEqual([
      {
        year,
        form: '1099-MISC',
        payer: 'Secret Tin Records LLC',
        currency: 'USD',
        amount: '25.00',
      },
    ]);
    const pdf = await get(portal.app, session, `/api/tax-form/documents/${year}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(digits)).toBe(false);
    expect((await get(portal.app, session, `/api/tax-form/documents/${year - 1}`)).statusCode).toBe(
      404,
    );

    // Nobody else reads Paco's copy: the label's owner asking for the year gets their own (none).
    expect((await get(portal.app, label.owner, `/api/tax-form/documents/${year}`)).statusCode).toBe(
      404,
    );
    // Another label's accountant file does not name him.
    const lena = await login(portal.app, 'label@demo.label');
    const demoCsv = await get(portal.app, lena, `/api/tax-forms/1099-misc.csv?year=${year}`);
    expect(demoCsv.statusCode).toBe(200);
    expect(demoCsv.body).not.toContain('Paco Payee');
    expect(demoCsv.body).not.toContain(digits);

    // Every other answer about Paco and his money, and everything logged, holds no TIN.
    const ada = await login(portal.app, 'admin@demo.label');
    const answers = await Promise.all([
      get(portal.app, session, '/api/tax-form'),
      get(portal.app, label.owner, '/api/tax-forms'),
      get(portal.app, label.owner, `/api/payments/${payment.id}`),
      get(portal.app, label.owner, `/api/payments/${payment.id}/history`),
      get(portal.app, session, '/api/wallet'),
      get(portal.app, ada, `/api/events?stream=taxform-${paco.id}`),
      get(portal.app, ada, '/api/events?streamType=taxform'),
      get(portal.app, label.owner, `/api/tax-forms/1042-s.csv?year=${year}`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      for (const secret of [digits, tin]) expect(answer.body).not.toContain(secret);
    }
    const events = await portal.db.query<{ text: string }>('select data::text as text from events');
    expect(events.some((event) => event.text.includes(digits))).toBe(false);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [digits, tin]) expect(log).not.toContain(secret);
  });

  it('lets only the label’s payment managers export, and each label see its own payees only', async () => {
    const first = await ownLabel(portal, {
      name: 'First Guard Records',
      isrc: 'QZFG12600001',
      payees: { pia: { fullname: 'Pia First', pct: '100', bank: null } },
    });
    const second = await ownLabel(portal, {
      name: 'Second Guard Records',
      isrc: 'QZSG12600001',
      payees: { sol: { fullname: 'Sol Second', pct: '100', bank: null } },
    });
    const pia = await login(portal.app, first.payees.pia!.username);
    expect((await sign(pia, { ...TEST_W9, name: 'Pia First' })).statusCode).toBe(200);
    // Each label lists its own payees.
    const firstList = (await get(portal.app, first.owner, '/api/tax-forms')).json().items;
    expect(firstList.map((item: { name: string }) => item.name)).toEqual(['Pia First']);
    const secondList = (await get(portal.app, second.owner, '/api/tax-forms')).json().items;
    expect(secondList.map((item: { name: string }) => item.name)).toEqual(['Sol Second']);
    // A payee is no label's manager: neither the list nor the accountant's files.
    const year = portal.clock.now().getUTCFullYear();
    for (const url of [
      '/api/tax-forms',
      `/api/tax-forms/1099-misc.csv?year=${year}`,
      `/api/tax-forms/1042-s.csv?year=${year}`,
    ])
      expect((await get(portal.app, pia, url)).statusCode, url).toBe(403);
    // Signed out, nothing.
    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/tax-form' });
    expect(anonymous.statusCode).toBe(401);
  });
});
