// A person's details on the Account page: phone, birthdate, SSN and address checked field by
// field, the SSN never in clear in the log or the tables, and ID documents kept like statement
// files, listed, downloadable and removable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { decrypt } from '../../../server/dataKey';
import { birthdateProblem, isPostalCode, readSsn } from '../../../rules/personDetails';
import { addDemoPerson } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { multipart } from '../multipart';

const address = (overrides: Record<string, string> = {}) => ({
  street: '1 Main Street',
  suite: 'Apt 4',
  city: 'Nashville',
  state: 'TN',
  postalCode: '37201',
  country: 'US',
  ...overrides,
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

describe('postal codes, SSNs and birthdates', () => {
  it.each([
    ['US', '37201', true],
    ['US', '37201-1234', true],
    ['US', '3720', false],
    ['CA', 'K1A 0B1', true],
    ['CA', '12345', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'SW1A', false],
    ['FR', '75008', true],
    ['FR', '7500', false],
    ['DE', '10115', true],
    ['JP', '100-0001', true],
    ['JP', '1000-001', false],
    ['CN', '100000', true],
    ['BR', '01310-100', true],
    ['ES', '28013', true],
    ['ES', '99013', false],
    ['PT', '1100-148', true],
    ['PT', '1100148', false],
    ['NL', '1012 AB', true],
    ['NL', '!!', false],
  ])('%s %s is %s', (country, code, valid) => {
    expect(isPostalCode(code, country)).toBe(valid);
  });

  it('reads the last 4 digits or a full SSN, refusing numbers never issued', () => {
    expect(readSsn('6789')).toEqual({ kind: 'last4', digits: '6789' });
    expect(readSsn('123-45-6789')).toEqual({ kind: 'full', digits: '123456789' });
    expect(readSsn('678')).toEqual({ problem: 'ssnLast4' });
    expect(readSsn('67a9')).toEqual({ problem: 'ssnLast4' });
    for (const never of ['000-12-3456', '666-12-3456', '912-34-5678', '123-00-4567', '123-45-0000'])
      expect(readSsn(never)).toEqual({ problem: 'ssnFull' });
  });

  it('takes a real past date of an adult as a birthdate', () => {
    const today = new Date('2026-11-01T12:00:00Z');
    expect(birthdateProblem('1990-02-28', today)).toBeNull();
    expect(birthdateProblem('2008-11-01', today)).toBeNull();
    expect(birthdateProblem('2008-11-02', today)).toBe('adult');
    expect(birthdateProblem('1990-02-30', today)).toBe('date');
    expect(birthdateProblem('2030-01-01', today)).toBe('date');
    expect(birthdateProblem('01/02/1990', today)).toBe('date');
  });
});

describe('settings: person details and ID documents', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  /** A payee of the test's own, signed in, with no details or documents yet. */
  const newPayee = async (username: string, fullname: string) => {
    const id = await addDemoPerson(portal, { username, fullname });
    return { id, paco: await login(portal.app, username) };
  };

  const upload = (who: LoggedIn, kind: string | null, filename: string, content: Buffer) => {
    const body = multipart([
      ...(kind === null ? [] : [{ name: 'kind', value: kind }]),
      { name: 'file', filename, content },
    ]);
    return portal.app.inject({
      method: 'POST',
      url: '/api/settings/documents',
      cookies: who.cookies,
      headers: { ...body.headers, 'x-csrf-token': who.csrf },
      payload: body.payload,
    });
  };

  it('refuses a bad phone, postal code, SSN and birthdate with SPEC’s messages, keeping nothing', async () => {
    const { paco } = await newPayee('careless@demo.label', 'Cass Careless');
    const refused = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '555-01',
      birthdate: '2015-06-01',
      ssn: '12',
      address: address({ postalCode: 'ABCDE' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'phone', message: 'A phone number must be valid.' },
      { path: 'birthdate', message: 'You must be at least 18 years old.' },
      { path: 'ssn', message: 'The SSN last digits need exactly 4 digits.' },
      { path: 'address.postalCode', message: 'Not a valid postal code' },
    ]);
    const country = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '',
      birthdate: '1990-02-30',
      address: address({ country: 'XX' }),
    });
    expect(country.json().errors).toEqual([
      { path: 'birthdate', message: 'Not a valid date' },
      { path: 'address.country', message: 'Choose a country from the list.' },
    ]);
    // The same address as a business's (api/address.ts): a street of 201 characters is refused.
    const longStreet = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '',
      birthdate: '',
      address: address({ street: 'x'.repeat(201) }),
    });
    expect(longStreet.statusCode).toBe(400);
    expect((await get(portal.app, paco, '/api/settings/person')).json()).toEqual({
      phone: '',
      birthdate: '',
      address: { street: '', suite: '', city: '', state: '', postalCode: '', country: '' },
      ssn: null,
      editable: true,
    });
  });

  it('keeps the details, the phone in international form and the SSN as its last 4 only', async () => {
    const { paco } = await newPayee('detailed@demo.label', 'Dee Detailed');
    const saved = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '(615) 555-0123',
      birthdate: '1990-02-28',
      ssn: '123-45-6789',
      address: address(),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      phone: '+1 615 555 0123',
      birthdate: '1990-02-28',
      address: address(),
      ssn: { kind: 'full', last4: '6789' },
      editable: true,
    });
    // Saved again without an SSN: the one given stays.
    const again = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '+33 1 42 68 53 00',
      birthdate: '1990-02-28',
      address: address({ city: 'Paris', state: '', postalCode: '75008', country: 'FR' }),
    });
    expect(again.json().ssn).toEqual({ kind: 'full', last4: '6789' });
    expect(again.json().phone).toBe('+33 1 42 68 53 00');
  });

  it('never keeps the SSN in clear, in the log or in any table', async () => {
    const { id, paco } = await newPayee('secretive@demo.label', 'Sid Secretive');
    const saved = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '(615) 555-0123',
      birthdate: '1990-02-28',
      ssn: '123-45-6789',
      address: address(),
    });
    expect(saved.json().ssn, saved.body).toEqual({ kind: 'full', last4: '6789' });
    const events = await portal.db.query<{ data: unknown }>(
      "select data from events where stream_id like 'person-%'",
    );
    expect(JSON.stringify(events)).toContain('615 555 0123');
    const tables = await dumpReadModels(portal.db);
    for (const text of [JSON.stringify(events), JSON.stringify(tables)]) {
      expect(text).not.toContain('123456789');
      expect(text).not.toContain('123-45-6789');
    }
    const rows = await portal.db.query<{ ssn_encrypted: string }>(
      'select ssn_encrypted from person_details where user_id = $1',
      [id],
    );
    expect(decrypt(Buffer.alloc(32, 7), rows[0]?.ssn_encrypted ?? '')).toBe('123456789');
    // An admin reads the last 4 digits too, nothing more.
    const ada = await login(portal.app, 'admin@demo.label');
    await write(portal.app, ada, 'POST', '/api/session/emulate', {
      username: 'secretive@demo.label',
    });
    const seen = await get(portal.app, ada, '/api/settings/person');
    expect(seen.json()).toMatchObject({ ssn: { kind: 'full', last4: '6789' }, editable: false });
    expect(seen.body).not.toContain('12345');
  });

  it('keeps an ID document like a statement file, lists it, serves it and removes it', async () => {
    const { paco } = await newPayee('documented@demo.label', 'Doc Documented');
    const added = await upload(paco, 'passport', 'passport scan.pdf', PDF);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      kind: 'passport',
      name: 'passport scan.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
      addedAt: Math.floor(portal.clock.now().getTime() / 1000),
    });
    const id = added.json().id as string;
    expect((await upload(paco, 'drivers-license', 'licence.png', PNG)).statusCode).toBe(201);
    const list = (await get(portal.app, paco, '/api/settings/documents')).json();
    expect(list.items.map((item: { name: string }) => item.name).sort()).toEqual([
      'licence.png',
      'passport scan.pdf',
    ]);
    const file = await get(portal.app, paco, `/api/settings/documents/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Another person neither sees it nor removes it.
    const lena = await login(portal.app, 'label@demo.label');
    expect((await get(portal.app, lena, `/api/settings/documents/${id}/file`)).statusCode).toBe(
      404,
    );
    expect(
      (await write(portal.app, lena, 'DELETE', `/api/settings/documents/${id}`)).statusCode,
    ).toBe(404);

    const removed = await write(portal.app, paco, 'DELETE', `/api/settings/documents/${id}`);
    expect(removed.json().items.map((item: { name: string }) => item.name)).toEqual([
      'licence.png',
    ]);
  });

  it('refuses a document of another type, too large, renamed or without its kind', async () => {
    const { paco } = await newPayee('refused@demo.label', 'Ray Refused');
    expect((await upload(paco, 'passport', 'passport.pdf', PDF)).statusCode).toBe(201);
    const message = (response: Awaited<ReturnType<typeof upload>>) => {
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(message(await upload(paco, 'passport', 'notes.txt', Buffer.from('hi')))).toBe(
      'An ID document must be a PDF, PNG or JPG file.',
    );
    expect(message(await upload(paco, 'passport', 'fake.pdf', Buffer.from('MZ....')))).toBe(
      'An ID document must be a PDF, PNG or JPG file.',
    );
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(message(await upload(paco, 'passport', 'big.pdf', big))).toBe(
      'An ID document must be at most 10 MB.',
    );
    expect(message(await upload(paco, 'visa', 'visa.pdf', PDF))).toBe(
      'Choose the kind of ID document.',
    );
    expect(message(await upload(paco, null, 'visa.pdf', PDF))).toBe(
      'Choose the kind of ID document.',
    );
    const notMultipart = await write(portal.app, paco, 'POST', '/api/settings/documents', {
      kind: 'passport',
    });
    expect(message(notMultipart)).toBe('Choose a file to upload.');
    const truncated = await portal.app.inject({
      method: 'POST',
      url: '/api/settings/documents',
      cookies: paco.cookies,
      headers: {
        'x-csrf-token': paco.csrf,
        'content-type': 'multipart/form-data; boundary=abc',
      },
      payload: Buffer.from(
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
      ),
    });
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400);
    expect(truncated.statusCode).toBeLessThan(500);
    // Only the passport uploaded first is kept.
    expect(
      (await get(portal.app, paco, '/api/settings/documents'))
        .json()
        .items.map((item: { name: string }) => item.name),
    ).toEqual(['passport.pdf']);
  });

  it('rebuilds details and documents by replay equal to the live tables', async () => {
    const { id, paco } = await newPayee('replayed@demo.label', 'Rae Replayed');
    const saved = await write(portal.app, paco, 'PATCH', '/api/settings/person', {
      phone: '(615) 555-0123',
      birthdate: '1990-02-28',
      ssn: '6789',
      address: address(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(paco, 'passport', 'passport.pdf', PDF)).statusCode).toBe(201);
    const removed = await upload(paco, 'drivers-license', 'licence.png', PNG);
    expect(
      (await write(portal.app, paco, 'DELETE', `/api/settings/documents/${removed.json().id}`))
        .statusCode,
    ).toBe(200);
    const live = await dumpReadModels(portal.db);
    const theirs = (table: string) =>
      (live[table] as { user_id: string }[]).filter((row) => row.user_id === id);
    expect(theirs('person_details')).toHaveLength(1);
    expect(theirs('person_documents')).toMatchObject([{ name: 'passport.pdf' }]);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
  });
});
