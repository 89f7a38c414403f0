export interface PersonAddress {
  street: string;
  suite: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * The `person-<user id>` stream: a person's details and ID documents (SPEC section 3, "Account").
 * The SSN is kept encrypted (server/dataKey.ts) with its last 4 digits; never in clear.
 */
export type PersonEvent =
  | {
      type: 'PersonDetailsChanged';
      data: {
        phone: string;
        birthdate: string | null;
        address: PersonAddress;
        /** Absent: the SSN given before stays. */
        ssn?: { encrypted: string; last4: string; kind: 'last4' | 'full' };
      };
    }
  | {
      type: 'PersonDocumentAdded';
      data: {
        documentId: string;
        kind: string;
        name: string;
        sha256: string;
        size: number;
        contentType: string;
      };
    }
  | { type: 'PersonDocumentRemoved'; data: { documentId: string } }
  /**
   * The person accepted the payment terms of `version`, shown in `language`; the event's actor
   * and emulating actor say who clicked (an emulating admin is recorded as such).
   */
  | { type: 'PaymentTermsAccepted'; data: { version: string; language: string } };
