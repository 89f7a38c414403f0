// Payees accept the payment terms before their first payment (SPEC section 5): until they accept
// the version in force, their payments are held with a reason both they and the label read; the
// next batch after the acceptance pays them. Only the person accepts their own terms (an
// emulating admin is recorded as such), and only the current version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TERMS_VERSION, TERMS_NOT_CURRENT } from '../../../rules/paymentTerms';
import { appendToStream, streamVersion } from '../../../server/events/store';
import { DEMO_PASSWORD } from '../../../server/seed';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import {
  ownLabel,
  signedTaxForm,
  type OwnLabel,
  type OwnPayee,
} from '../statements/labelStatements';
import { confirmSandboxDeposits } from './microDeposits';

describe('payment terms', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  /** A verified bank account and a W-9, and nothing else: the terms are what the test is about. */
  const bankAccountOnly = async (who: LoggedIn) => {
    const added = await write(portal.app, who, 'PUT', '/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'checking',
      password: DEMO_PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    const verified = await confirmSandboxDeposits(portal.app, who);
    expect(verified.json().status, verified.body).toBe('verified');
    await signedTaxForm(portal, who);
  };

  /** A label of the test's own whose payee Paco has a verified bank account and a payment of 10. */
  const labelWithPayment = async (name: string, isrc: string) => {
    const label = await ownLabel(portal, {
      name,
      isrc,
      payees: { paco: { fullname: 'Paco Payee', pct: '100', bank: null } },
    });
    const paco = label.payees.paco!;
    const session = await login(portal.app, paco.username);
    await bankAccountOnly(session);
    expect(await label.settle('2026-09', '10')).toEqual({ 'Paco Payee': '10' });
    return { label, paco, session };
  };

  const paymentOf = async (who: LoggedIn, payee: OwnPayee) => {
    const list = (await get(portal.app, who, `/api/payments?payee=${payee.id}`)).json();
    return list.items[0] as { status: string; holdReason: string | null };
  };
  const accept = (who: LoggedIn, version = PAYMENT_TERMS_VERSION, language = 'en') =>
    write(portal.app, who, 'POST', '/api/payment-method/terms', { version, language });
  const acceptances = (personId: string) =>
    portal.db.query<{
      data: { version: string; language: string };
      actor: string | null;
      emulating_actor: string | null;
      at: Date;
    }>(
      `select data, actor, emulating_actor, at from events
        where stream_id = $1 and type = 'PaymentTermsAccepted' order by seq`,
      [`person-${personId}`],
    );

  it('holds the payment of a payee who has not accepted, and pays it in the batch after they do', async () => {
    const { label, paco, session } = await labelWithPayment('Terms First Records', 'QZTF12600001');
    expect((await get(portal.app, session, '/api/payment-method/terms')).json()).toEqual({
      current: PAYMENT_TERMS_VERSION,
      accepted: null,
    });
    await portal.app.runPaymentBatch();
    const held = { status: 'held', holdReason: 'terms-not-accepted' };
    // The payee and the label read the same reason.
    expect(await paymentOf(session, paco)).toMatchObject(held);
    expect(await paymentOf(label.owner, paco)).toMatchObject(held);

    portal.clock.advance(5_000);
    const accepted = await accept(session, PAYMENT_TERMS_VERSION, 'fr');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({
      current: PAYMENT_TERMS_VERSION,
      accepted: {
        version: PAYMENT_TERMS_VERSION,
        acceptedAt: Math.floor(portal.clock.now().getTime() / 1000),
        language: 'fr',
        byAdmin: false,
      },
    });
    // The event says who, which version, when, and the language the text was shown in.
    const [event, ...more] = await acceptances(paco.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      data: { version: PAYMENT_TERMS_VERSION, language: 'fr' },
      actor: paco.id,
      emulating_actor: null,
      at: portal.clock.now(),
    });
    // A second click records nothing more.
    expect((await accept(session)).statusCode).toBe(200);
    expect(await acceptances(paco.id)).toHaveLength(1);

    await portal.app.runPaymentBatch();
    expect(await paymentOf(session, paco)).toMatchObject({
      status: 'processing',
      holdReason: null,
    });
  });

  it('refuses an acceptance of a version that is not the current one, and records nothing', async () => {
    const { paco, session } = await labelWithPayment('Terms Old Records', 'QZTO12600001');
    const refused = await accept(session, '2025-01');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TERMS_NOT_CURRENT);
    expect(await acceptances(paco.id)).toEqual([]);
    // A language the portal is not written in is not one the terms were shown in.
    expect((await accept(session, PAYMENT_TERMS_VERSION, 'de')).statusCode).toBe(400);
    await portal.app.runPaymentBatch();
    expect(await paymentOf(session, paco)).toMatchObject({ holdReason: 'terms-not-accepted' });
  });

  it('makes the next payment wait again when the terms in force are newer than those accepted', async () => {
    const { paco, session } = await labelWithPayment('Terms New Records', 'QZTN12600001');
    // Paco accepted the terms of an earlier version, as the log of an earlier release holds it.
    await portal.db.transaction(async (tx) => {
      const stream = `person-${paco.id}`;
      await appendToStream(
        tx,
        stream,
        await streamVersion(tx, stream),
        [{ type: 'PaymentTermsAccepted', data: { version: '2026-01', language: 'en' } }],
        { actor: paco.id, emulatingActor: null, at: portal.clock.now() },
      );
    });
    expect((await get(portal.app, session, '/api/payment-method/terms')).json()).toMatchObject({
      current: PAYMENT_TERMS_VERSION,
      accepted: { version: '2026-01' },
    });
    await portal.app.runPaymentBatch();
    expect(await paymentOf(session, paco)).toMatchObject({ holdReason: 'terms-not-accepted' });
    expect((await accept(session)).statusCode).toBe(200);
    await portal.app.runPaymentBatch();
    expect(await paymentOf(session, paco)).toMatchObject({ status: 'processing' });
  });

  it('lets only the person accept: an emulating admin is recorded as such, the label’s owner accepts only for themself', async () => {
    const { label, paco, session }: { label: OwnLabel; paco: OwnPayee; session: LoggedIn } =
      await labelWithPayment('Terms Who Records', 'QZTW12600001');
    // The owner's acceptance is the owner's own; the route names nobody else.
    expect((await accept(label.owner)).statusCode).toBe(200);
    const forPaco = await write(portal.app, label.owner, 'POST', '/api/payment-method/terms', {
      version: PAYMENT_TERMS_VERSION,
      language: 'en',
      payeeId: paco.id,
    });
    expect(forPaco.statusCode).toBe(400);
    expect(await acceptances(paco.id)).toEqual([]);
    await portal.app.runPaymentBatch();
    expect(await paymentOf(session, paco)).toMatchObject({ holdReason: 'terms-not-accepted' });
    // A warranter reads the wallet but accepts nothing.
    const walt = await login(portal.app, 'warranter@demo.label');
    expect((await accept(walt)).statusCode).toBe(403);

    const ada = await login(portal.app, 'admin@demo.label');
    const emulating = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: paco.username,
    });
    expect(emulating.statusCode, emulating.body).toBeLessThan(300);
    const byAdmin = await accept(ada);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().accepted).toMatchObject({ byAdmin: true });
    const [admin] = await portal.db.query<{ id: string }>(
      "select id from users where username = 'admin@demo.label'",
    );
    expect(await acceptances(paco.id)).toMatchObject([
      { actor: paco.id, emulating_actor: admin?.id },
    ]);
    expect(
      (await get(portal.app, session, '/api/payment-method/terms')).json().accepted,
    ).toMatchObject({ byAdmin: true });
  });
});
