// A business's details, address and signature as the API takes them.
import { expect } from 'vitest';
import { write, type LoggedIn, type TestPortal } from '../harness';

export const ADDRESS = {
  street: '10 Main Street',
  suite: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

export const DETAILS = {
  businessName: 'Night Shift Music LLC',
  dba: 'Night Shift',
  businessType: 'llc',
  classification: 'record-label',
  ein: '74-1234567',
  address: ADDRESS,
};

export const SIGNATURE = { signerName: 'Lena Label', signerTitle: 'CEO', acceptAgreement: true };

/**
 * Certifies `owner`'s label as a business: `DETAILS` under the label's own name, one owner of
 * 100% with every detail given who also runs it (its controlling person), and the signature. Its people can be paid from then on.
 */
export async function certifyLabel(portal: TestPortal, owner: LoggedIn, name: string) {
  const details = await write(portal.app, owner, 'PUT', '/api/business/details', {
    ...DETAILS,
    businessName: `${name} LLC`,
    ein: '74-7654321',
  });
  expect(details.statusCode, details.body).toBe(200);
  const owned = await write(portal.app, owner, 'POST', '/api/business/owners', {
    firstName: 'Olive',
    lastName: 'Owner',
    ownershipPct: '100',
    birthdate: '1975-06-01',
    address: ADDRESS,
    ssnLast4: '5555',
    controlling: true,
    controlTitle: 'Managing member',
  });
  expect(owned.statusCode, owned.body).toBe(200);
  const signed = await write(portal.app, owner, 'POST', '/api/business/certification', SIGNATURE);
  expect(signed.json().state, signed.body).toBe('certified');
}
