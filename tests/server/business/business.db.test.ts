// A business account's details, beneficial owners and certification through the API: refusals
// with SPEC's texts, a change voiding the certification, sensitive digits never kept in clear,
// and the read models rebuilt by replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import {
  EIN_INVALID,
  OWNERS_MISSING,
  OWNERSHIP_OVER_100,
  AGREEMENT_REQUIRED,
} from '../../../rules/business';
import { POSTAL_CODE_INVALID } from '../../../rules/postalCodes';
import { LABEL_OWNER_ONLY } from '../../../server/routes/business';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { openLabel } from '../demoPeople';
import { ADDRESS, certifyLabel, DETAILS, SIGNATURE } from './fixtures';

describe('business details, beneficial owners and certification', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  const business = async (who: LoggedIn = lena) =>
    (await get(portal.app, who, '/api/business')).json();

  /**
   * A label of the test's own with its business details (`DETAILS` with another name and EIN),
   * its one owner complete at 100%, and certified; the demo label stays as seeded.
   */
  const certifiedLabel = async (name: string, username: string) => {
    const label = await openLabel(portal, name, username);
    await certifyLabel(portal, label.owner, name);
    return label;
  };

  /** A label of the test's own with `DETAILS` set and no beneficial owner yet. */
  const labelWithDetails = async (name: string, username: string) => {
    const label = await openLabel(portal, name, username);
    const details = await write(portal.app, label.owner, 'PUT', '/api/business/details', DETAILS);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().owners).toEqual([]);
    return label;
  };

  it('shows the demo label certified, its EIN as the last 4 digits only', async () => {
    const answer = await business();
    expect(answer).toMatchObject({
      isBusiness: true,
      state: 'certified',
      details: { businessName: 'Demo Records LLC', einLast4: '6789' },
      certification: { signerName: 'Lena Label', signerTitle: 'Owner', noOwnerAtThreshold: false },
      // Its owner runs it: certified again after a change, it needs nothing more.
      owners: [{ firstName: 'Lena', ownershipPct: '100', controlling: true, complete: true }],
    });
    expect(JSON.stringify(answer)).not.toContain('123456789');
  });

  it('refuses an EIN or a postal code that is not valid, each with its own text', async () => {
    const { owner: lena } = await certifiedLabel('Careful Records', 'careful@label.example');
    const badEin = await write(portal.app, lena, 'PUT', '/api/business/details', {
      ...DETAILS,
      ein: '07-1234567',
    });
    expect(badEin.statusCode).toBe(400);
    expect(badEin.json().message).toBe(EIN_INVALID);
    const badPostal = await write(portal.app, lena, 'PUT', '/api/business/details', {
      ...DETAILS,
      address: { ...ADDRESS, country: 'CA', postalCode: '78701' },
    });
    expect(badPostal.statusCode).toBe(400);
    expect(badPostal.json().message).toBe(POSTAL_CODE_INVALID);
    // The one address of the portal (api/address.ts): a street of 201 characters is refused.
    const longStreet = await write(portal.app, lena, 'PUT', '/api/business/details', {
      ...DETAILS,
      address: { ...ADDRESS, street: 'x'.repeat(201) },
    });
    expect(longStreet.statusCode).toBe(400);
    const noStreet = await write(portal.app, lena, 'PUT', '/api/business/details', {
      ...DETAILS,
      address: { ...ADDRESS, street: ' ' },
    });
    expect(noStreet.json().errors).toEqual([
      { path: 'address/street', message: 'This field is required.' },
    ]);
    expect(await business(lena)).toMatchObject({
      state: 'certified',
      details: { businessName: 'Careful Records LLC', einLast4: '4321' },
    });
  });

  it("lets only the label's owner speak for the label", async () => {
    const paco = await login(portal.app, 'payee@demo.label');
    const answer = await write(portal.app, paco, 'PUT', '/api/business/details', DETAILS);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(LABEL_OWNER_ONLY);
  });

  it('voids the certification when the details change, and says when', async () => {
    const { owner: lena } = await certifiedLabel('Renamed Records', 'renamed@label.example');
    const changed = await write(portal.app, lena, 'PUT', '/api/business/details', DETAILS);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      state: 'verified',
      certification: null,
      voidedAt: expect.any(Number),
      details: { businessName: 'Night Shift Music LLC', einLast4: '4567' },
    });
  });

  it('refuses to certify while an owner of 25% or more is incomplete, then certifies', async () => {
    const { accountId, owner: lena } = await labelWithDetails(
      'Thirty Records',
      'thirty@label.example',
    );
    const thirty = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Tess',
      lastName: 'Thirty',
      ownershipPct: '30',
      birthdate: null,
      address: null,
      ssnLast4: null,
    });
    expect(thirty.statusCode, thirty.body).toBe(200);
    const twenty = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Tom',
      lastName: 'Twenty',
      ownershipPct: '20',
      birthdate: null,
      address: null,
      ssnLast4: null,
    });
    expect(twenty.statusCode).toBe(200);
    const refused = await write(portal.app, lena, 'POST', '/api/business/certification', SIGNATURE);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(OWNERS_MISSING);

    const unchecked = await write(portal.app, lena, 'POST', '/api/business/certification', {
      ...SIGNATURE,
      acceptAgreement: false,
    });
    expect(unchecked.json().message).toBe(AGREEMENT_REQUIRED);

    const tess = (twenty.json().owners as { id: string; lastName: string }[]).find(
      (owner) => owner.lastName === 'Thirty',
    );
    // Tess also runs the business: its controlling person.
    const completed = await write(portal.app, lena, 'PUT', `/api/business/owners/${tess?.id}`, {
      firstName: 'Tess',
      lastName: 'Thirty',
      ownershipPct: '30',
      birthdate: '1980-02-29',
      address: ADDRESS,
      ssnLast4: '1234',
      controlling: true,
      controlTitle: 'Managing member',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const saved = completed.json().owners as { id: string }[];
    expect(saved.find((owner) => owner.id === tess?.id)).toMatchObject({
      complete: true,
      ssnGiven: true,
    });
    expect(JSON.stringify(completed.json())).not.toContain('1234');

    const signed = await write(portal.app, lena, 'POST', '/api/business/certification', SIGNATURE);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      state: 'certified',
      voidedAt: null,
      certification: { signerName: 'Lena Label', signerTitle: 'CEO', signedAt: expect.any(Number) },
    });
    const certified = await portal.db.query<{
      data: { text: string; agreementAccepted: boolean };
    }>(`select data from events where stream_id = $1 and type = 'BusinessCertified'`, [
      `business-${accountId}`,
    ]);
    expect(certified).toHaveLength(1);
    const [event] = certified;
    expect(event?.data.text).toMatch(/^I certify/);
    expect(event?.data.agreementAccepted).toBe(true);
  });

  it('refuses to certify when the listed ownership is more than 100%', async () => {
    const { owner: lena } = await labelWithDetails('Crowded Records', 'crowded@label.example');
    // The owners of 25% or more are complete and Tess runs the business: only the total is wrong.
    const thirty = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Tess',
      lastName: 'Thirty',
      ownershipPct: '30',
      birthdate: '1980-02-29',
      address: ADDRESS,
      ssnLast4: '1234',
      controlling: true,
      controlTitle: 'Managing member',
    });
    expect(thirty.json().state, thirty.body).toBe('verified');
    const twenty = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Tom',
      lastName: 'Twenty',
      ownershipPct: '20',
      birthdate: null,
      address: null,
      ssnLast4: null,
    });
    expect(twenty.statusCode, twenty.body).toBe(200);
    const nine = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Nina',
      lastName: 'Nine',
      ownershipPct: '9',
      birthdate: null,
      address: null,
      ssnLast4: null,
    });
    expect(nine.statusCode, nine.body).toBe(200);
    const more = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Omar',
      lastName: 'Over',
      ownershipPct: '50.01',
      birthdate: '1970-01-01',
      address: ADDRESS,
      ssnLast4: '9876',
    });
    expect(more.json().state).toBe('incomplete');
    // Owners added at the same moment come largest share first, as numbers: 50.01 before 9.
    expect(
      (more.json().owners as { lastName: string; ownershipPct: string }[]).map(
        (owner) => `${owner.lastName} ${owner.ownershipPct}`,
      ),
    ).toEqual(['Over 50.01', 'Thirty 30', 'Twenty 20', 'Nine 9']);
    const refused = await write(portal.app, lena, 'POST', '/api/business/certification', SIGNATURE);
    expect(refused.json().message).toBe(OWNERSHIP_OVER_100);
  });

  it('never keeps the EIN or SSN digits in clear, in the log or the tables', async () => {
    const { accountId, owner: lena } = await labelWithDetails(
      'Discreet Records',
      'discreet@label.example',
    );
    for (const [lastName, ownershipPct, ssnLast4] of [
      ['Thirty', '30', '1234'],
      ['Over', '50.01', '9876'],
    ]) {
      const saved = await write(portal.app, lena, 'POST', '/api/business/owners', {
        firstName: 'Sid',
        lastName,
        ownershipPct,
        birthdate: '1970-01-01',
        address: ADDRESS,
        ssnLast4,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // The EIN 74-1234567 and both SSN endings were given and kept, sealed.
    expect(await business(lena)).toMatchObject({
      details: { einLast4: '4567' },
      owners: [{ ssnGiven: true }, { ssnGiven: true }],
    });
    const [log] = await portal.db.query<{ text: string }>(
      `select string_agg(data::text, ' ') as text from events where stream_id = $1`,
      [`business-${accountId}`],
    );
    expect(log?.text).toContain('"4567"');
    expect(log?.text).not.toContain('741234567');
    expect(log?.text).not.toContain('"1234"');
    expect(log?.text).not.toContain('9876');
    const rows = JSON.stringify([
      await portal.db.query('select * from business_profiles where account_id = $1', [accountId]),
      await portal.db.query('select * from beneficial_owners where account_id = $1', [accountId]),
    ]);
    expect(rows).toContain('Night Shift Music LLC');
    expect(rows).not.toContain('741234567');
    expect(rows).not.toContain('"1234"');
    expect(rows).not.toContain('9876');
  });

  it('rebuilds the business tables by replay, equal to the live ones', async () => {
    const certified = await certifiedLabel('Replayed Records', 'replayed@label.example');
    // A second label certified, then voided by new details, with an owner not complete.
    const voided = await certifiedLabel('Voided Records', 'voided@label.example');
    await write(portal.app, voided.owner, 'PUT', '/api/business/details', DETAILS);
    await write(portal.app, voided.owner, 'POST', '/api/business/owners', {
      firstName: 'Nina',
      lastName: 'Nine',
      ownershipPct: '9',
      birthdate: null,
      address: null,
      ssnLast4: null,
    });
    const live = await dumpReadModels(portal.db);
    const ownersOf = (accountId: string) =>
      (live.beneficial_owners as { account_id: string }[]).filter(
        (owner) => owner.account_id === accountId,
      );
    expect(ownersOf(certified.accountId)).toHaveLength(1);
    expect(ownersOf(voided.accountId)).toHaveLength(2);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
