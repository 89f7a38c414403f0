import { randomUUID } from 'node:crypto';
import { CERTIFICATION_TEXT_VERSION, certifiedText } from '../../rules/business';
import type { Queryable } from '../db/database';
import { appendToStream } from '../events/store';
import type { AddressFields, EventMetadata } from '../events/types';
import { encrypt } from '../dataKey';

/** The demo label's address, where its people are paid too. */
export const DEMO_ADDRESS: AddressFields = {
  street: '1 Demo Way',
  suite: null,
  city: 'Nashville',
  state: 'TN',
  postalCode: '37203',
  country: 'US',
};

/**
 * The demo label is a certified business, owned and run by Lena Label (its beneficial owner and
 * its controlling person): its people are paid as soon as their bank accounts are verified, as a
 * label that went through the account set-up is.
 */
export async function seedDemoBusiness(
  tx: Queryable,
  accountId: string,
  dataKey: Buffer,
  metadata: EventMetadata,
): Promise<void> {
  await appendToStream(
    tx,
    `business-${accountId}`,
    0,
    [
      {
        type: 'BusinessDetailsSet',
        data: {
          businessName: 'Demo Records LLC',
          dba: 'Demo Records',
          businessType: 'llc',
          classification: 'record-label',
          einEncrypted: encrypt(dataKey, '123456789'),
          einLast4: '6789',
          address: DEMO_ADDRESS,
        },
      },
      {
        type: 'BeneficialOwnerSaved',
        data: {
          ownerId: randomUUID(),
          firstName: 'Lena',
          lastName: 'Label',
          ownershipPct: '100',
          birthdate: '1985-04-12',
          address: DEMO_ADDRESS,
          ssnLast4Encrypted: encrypt(dataKey, '4321'),
          controlling: true,
          controlTitle: 'Owner',
        },
      },
      {
        type: 'BusinessCertified',
        data: {
          signerName: 'Lena Label',
          signerTitle: 'Owner',
          text: certifiedText(false),
          textVersion: CERTIFICATION_TEXT_VERSION,
          agreementAccepted: true,
          noOwnerAtThreshold: false,
        },
      },
    ],
    metadata,
  );
}
