// SPEC section 5: owners of 25% or more must be given. A business certifies with its beneficial
// owners listed, or with the signer's statement that nobody owns 25% or more, and in both cases
// with one controlling person named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTROL_TITLE_REQUIRED,
  CONTROLLER_MISSING,
  NO_OWNER_STATEMENT,
  OWNERS_MISSING,
  STATEMENT_CONTRADICTED,
} from '../../../rules/business';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { ADDRESS, DETAILS, SIGNATURE } from './fixtures';

/** A person complete enough to certify: birthdate, address and SSN last 4. */
const complete = { birthdate: '1975-06-01', address: ADDRESS, ssnLast4: '2468' };

describe('certifying a business', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  const business = async () => (await get(portal.app, lena, '/api/business')).json();
  const addPerson = async (person: Record<string, unknown>) => {
    const added = await write(portal.app, lena, 'POST', '/api/business/owners', {
      birthdate: null,
      address: null,
      ssnLast4: null,
      ...person,
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json();
  };
  const certify = (fields: Record<string, unknown> = {}) =>
    write(portal.app, lena, 'POST', '/api/business/certification', { ...SIGNATURE, ...fields });

  /** The label's business with its details and nobody listed. */
  async function nobodyListed() {
    const details = await write(portal.app, lena, 'PUT', '/api/business/details', DETAILS);
    expect(details.statusCode, details.body).toBe(200);
    for (const owner of (await business()).owners as { id: string }[])
      await write(portal.app, lena, 'DELETE', `/api/business/owners/${owner.id}`);
    expect((await business()).owners).toEqual([]);
  }

  it('refuses a business with no beneficial owner listed and no statement', async () => {
    await nobodyListed();
    const refused = await certify();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(OWNERS_MISSING);
    await addPerson({
      firstName: 'Carl',
      lastName: 'Chief',
      ownershipPct: '0',
      ...complete,
      controlling: true,
      controlTitle: 'CEO',
    });
    // Owners below 25% are no beneficial owners: still nobody listed.
    await addPerson({ firstName: 'Sam', lastName: 'Small', ownershipPct: '10' });
    const stillRefused = await certify();
    expect(stillRefused.statusCode).toBe(400);
    expect(stillRefused.json().message).toBe(OWNERS_MISSING);
    expect((await business()).state).toBe('verified');
  });

  it('certifies with the statement that nobody owns 25% or more, and keeps it with the signature', async () => {
    await nobodyListed();
    await addPerson({
      firstName: 'Carl',
      lastName: 'Chief',
      ownershipPct: '0',
      ...complete,
      controlling: true,
      controlTitle: 'CEO',
    });
    const signed = await certify({ noOwnerAtThreshold: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      state: 'certified',
      certification: { signerTitle: 'CEO', noOwnerAtThreshold: true },
      owners: [{ firstName: 'Carl', controlling: true, controlTitle: 'CEO', ownershipPct: '0' }],
    });
    const [event] = await portal.db.query<{ data: { text: string; noOwnerAtThreshold: boolean } }>(
      `select data from events where type = 'BusinessCertified' order by seq desc limit 1`,
    );
    expect(event?.data.noOwnerAtThreshold).toBe(true);
    expect(event?.data.text.endsWith(NO_OWNER_STATEMENT)).toBe(true);

    // An owner of 25% listed afterwards voids it, and the statement can no longer be signed.
    await addPerson({ firstName: 'Olga', lastName: 'Owner', ownershipPct: '25', ...complete });
    expect((await business()).certification).toBeNull();
    const contradicted = await certify({ noOwnerAtThreshold: true });
    expect(contradicted.statusCode).toBe(400);
    expect(contradicted.json().message).toBe(STATEMENT_CONTRADICTED);
    const withOwner = await certify();
    expect(withOwner.statusCode, withOwner.body).toBe(200);
    expect(withOwner.json().certification.noOwnerAtThreshold).toBe(false);
  });

  it('needs one complete controlling person besides the owners', async () => {
    await nobodyListed();
    const owner = await addPerson({
      firstName: 'Ada',
      lastName: 'All',
      ownershipPct: '100',
      ...complete,
    });
    expect(owner.state).toBe('incomplete');
    const refused = await certify();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CONTROLLER_MISSING);

    const untitled = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Carl',
      lastName: 'Chief',
      ownershipPct: '0',
      ...complete,
      controlling: true,
      controlTitle: ' ',
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errors).toEqual([
      { path: 'controlTitle', message: CONTROL_TITLE_REQUIRED },
    ]);
    // Nobody but a controlling person is listed at 0%.
    const nothingOwned = await write(portal.app, lena, 'POST', '/api/business/owners', {
      firstName: 'Nell',
      lastName: 'None',
      ownershipPct: '0',
      ...complete,
    });
    expect(nothingOwned.statusCode).toBe(400);

    // The controlling person listed without their details is not enough either.
    const carl = await addPerson({
      firstName: 'Carl',
      lastName: 'Chief',
      ownershipPct: '0',
      controlling: true,
      controlTitle: 'CEO',
    });
    expect(carl.state).toBe('incomplete');
    expect((await certify()).json().message).toBe(CONTROLLER_MISSING);

    const owners = carl.owners as { id: string; firstName: string }[];
    const ada = owners.find((person) => person.firstName === 'Ada');
    // The owner who runs the business is its controlling person.
    const running = await write(portal.app, lena, 'PUT', `/api/business/owners/${ada?.id}`, {
      firstName: 'Ada',
      lastName: 'All',
      ownershipPct: '100',
      ...complete,
      ssnLast4: null,
      controlling: true,
      controlTitle: 'Managing member',
    });
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json().state).toBe('verified');
    expect((await certify()).json().state).toBe('certified');
  });

  it('rebuilds the owners, controlling people and statements by replay, equal to the live ones', async () => {
    await nobodyListed();
    await addPerson({
      firstName: 'Carl',
      lastName: 'Chief',
      ownershipPct: '5',
      ...complete,
      controlling: true,
      controlTitle: 'CEO',
    });
    expect((await certify({ noOwnerAtThreshold: true })).statusCode).toBe(200);
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
