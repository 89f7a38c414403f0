export interface AddressFields {
  street: string;
  suite: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * The `business-<account id>` stream: a business account's details, beneficial owners and
 * certification. The EIN and SSN digits are kept encrypted (server/dataKey.ts). A change to
 * the details or the owners voids a certification given before it.
 */
export type BusinessEvent =
  | {
      type: 'BusinessDetailsSet';
      data: {
        businessName: string;
        dba: string | null;
        businessType: string;
        classification: string;
        einEncrypted: string;
        einLast4: string;
        address: AddressFields;
      };
    }
  | {
      type: 'BeneficialOwnerSaved';
      data: {
        ownerId: string;
        firstName: string;
        lastName: string;
        ownershipPct: string;
        birthdate: string | null;
        address: AddressFields | null;
        ssnLast4Encrypted: string | null;
        /** The controlling person, and their title; absent before they were asked. */
        controlling?: boolean;
        controlTitle?: string | null;
      };
    }
  | { type: 'BeneficialOwnerRemoved'; data: { ownerId: string } }
  | {
      type: 'BusinessCertified';
      data: {
        signerName: string;
        signerTitle: string;
        /** The words certified, as the signer agreed to them, and their version. */
        text: string;
        textVersion: number;
        /** 'I accept the agreement': the product's and the payment partner's terms. */
        agreementAccepted: true;
        /** The signer's statement that nobody owns 25% or more; absent before it was asked. */
        noOwnerAtThreshold?: boolean;
      };
    };
