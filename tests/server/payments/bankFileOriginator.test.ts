// The label's own bank details its bank files carry: its owner sets them, every field checked as a
// bank would and refused field by field; an admin emulating the owner reads them; nobody else
// reads or sets them. The log records who changed which fields, the IBAN as its last 4 only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGINATOR_TEXTS } from '../../../rules/bankFileOriginator';
import { addDemoPerson, openLabel } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

const IBAN = 'DE89370400440532013000';

const nacha = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMORGAN CHASE',
  immediateOrigin: '1123456789',
  immediateOriginName: 'Harbor Lights Music',
  companyName: 'HARBOR LIGHTS',
  companyId: '1123456789',
  odfiRouting: '011000015',
};
const sepa = {
  name: 'Harbor Lights Musik GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
};

describe("the label's bank details for bank files", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  const label = (name: string) =>
    openLabel(portal, name, `owner@${name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`);

  const save = (owner: LoggedIn, body: unknown) =>
    write(portal.app, owner, 'PUT', '/api/bank-file-originator', body);

  const eventsOf = (accountId: string) =>
    portal.db.query<{ type: string; data: unknown; actor: string | null; text: string }>(
      'select type, data, actor, data::text as text from events where stream_id = $1 order by seq',
      [`bankfileoriginator-${accountId}`],
    );

  it('keeps what the owner sets, shows the IBAN as its last 4, and logs which fields changed', async () => {
    const { accountId, ownerId, owner } = await label('Harbor Lights');
    const empty = await get(portal.app, owner, '/api/bank-file-originator');
    expect(empty.json()).toEqual({ nacha: null, sepa: null, version: 0 });

    const saved = await save(owner, { version: 0, nacha, sepa });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      nacha,
      sepa: { name: 'Harbor Lights Musik GmbH', ibanLast4: '3000', bic: 'COBADEFFXXX' },
      version: 1,
    });
    expect((await get(portal.app, owner, '/api/bank-file-originator')).json()).toEqual(
      saved.json(),
    );

    // Saved again with the IBAN left empty (kept) and one field changed: one more event, naming it.
    const again = await save(owner, {
      version: 1,
      nacha: { ...nacha, companyName: 'HARBOR LIGHTS MU' },
      sepa: { ...sepa, iban: '' },
    });
    expect(again.json()).toMatchObject({ version: 2, sepa: { ibanLast4: '3000' } });
    // Nothing changed: nothing recorded.
    const same = await save(owner, {
      version: 2,
      nacha: { ...nacha, companyName: 'HARBOR LIGHTS MU' },
      sepa: { ...sepa, iban: '' },
    });
    expect(same.json()).toMatchObject({ version: 2 });

    const events = await eventsOf(accountId);
    expect(
      events.map((event) => [
        event.type,
        event.actor,
        (event.data as { changed: string[] }).changed,
      ]),
    ).toEqual([
      [
        'BankFileOriginatorSet',
        ownerId,
        [
          'nacha.immediateDestination',
          'nacha.immediateDestinationName',
          'nacha.immediateOrigin',
          'nacha.immediateOriginName',
          'nacha.companyName',
          'nacha.companyId',
          'nacha.odfiRouting',
          'sepa.name',
          'sepa.iban',
          'sepa.bic',
        ],
      ],
      ['BankFileOriginatorSet', ownerId, ['nacha.companyName']],
    ]);
    expect(events[0]?.data).toMatchObject({ sepa: { ibanLast4: '3000' } });
    // The log keeps the IBAN encrypted: neither the events nor the read model hold it in clear.
    for (const event of events) expect(event.text).not.toContain(IBAN.slice(4));
    const [row] = await portal.db.query<Record<string, unknown>>(
      'select * from bank_file_originators where account_id = $1',
      [accountId],
    );
    expect(JSON.stringify(row)).not.toContain(IBAN.slice(4));
  });

  it('refuses a routing number with a wrong check digit and an IBAN that is none, field by field', async () => {
    const { accountId, owner } = await label('Wrong Digits');
    const refused = await save(owner, {
      version: 0,
      nacha: { ...nacha, odfiRouting: '011000016', companyId: '12345' },
      sepa: { ...sepa, iban: 'DE89370400440532013001', bic: 'BNPAFRPP' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: ORIGINATOR_TEXTS.invalid,
      errors: [
        { path: 'nacha/companyId', message: ORIGINATOR_TEXTS.tenCharacters },
        { path: 'nacha/odfiRouting', message: ORIGINATOR_TEXTS.routing },
        { path: 'sepa/iban', message: ORIGINATOR_TEXTS.iban },
      ],
    });
    // A sound IBAN with a BIC of a bank in another country.
    const bic = await save(owner, { version: 0, nacha: null, sepa: { ...sepa, bic: 'BNPAFRPP' } });
    expect(bic.json().errors).toEqual([{ path: 'sepa/bic', message: ORIGINATOR_TEXTS.bicCountry }]);
    expect(await eventsOf(accountId)).toEqual([]);
    expect((await get(portal.app, owner, '/api/bank-file-originator')).json()).toMatchObject({
      nacha: null,
      sepa: null,
    });
  });

  it("is nobody's to read or set but the label's owner; an emulating admin reads only", async () => {
    const { accountId, owner } = await label('Guarded Label');
    expect((await save(owner, { version: 0, nacha, sepa: null })).statusCode).toBe(200);

    // Another label's owner reads and sets their own label's details, never these.
    const other = await label('Other Label');
    expect((await get(portal.app, other.owner, '/api/bank-file-originator')).json()).toEqual({
      nacha: null,
      sepa: null,
      version: 0,
    });
    expect((await save(other.owner, { version: 0, nacha: null, sepa })).statusCode).toBe(200);

    // A payee of the label holds account:rw for their own profile, and is no owner.
    await addDemoPerson(portal, {
      username: 'payee@guarded-label.example',
      fullname: 'Guarded Payee',
      accountId,
    });
    const payee = await login(portal.app, 'payee@guarded-label.example');
    expect((await get(portal.app, payee, '/api/bank-file-originator')).statusCode).toBe(403);
    expect((await save(payee, { version: 1, nacha: null, sepa: null })).statusCode).toBe(403);

    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/bank-file-originator' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPut = await portal.app.inject({
      method: 'PUT',
      url: '/api/bank-file-originator',
      payload: { version: 1, nacha: null, sepa: null },
    });
    expect(anonymousPut.statusCode).toBe(401);

    const ada = await login(portal.app, 'admin@demo.label');
    const emulating = await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'owner@guarded-label.example',
    });
    expect(emulating.statusCode, emulating.body).toBeLessThan(300);
    expect((await get(portal.app, ada, '/api/bank-file-originator')).json()).toMatchObject({
      nacha,
      version: 1,
    });
    expect((await save(ada, { version: 1, nacha: null, sepa: null })).statusCode).toBe(403);
    expect(await eventsOf(accountId)).toHaveLength(1);
  });
});
