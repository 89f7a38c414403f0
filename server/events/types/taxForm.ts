import type { TaxFormKind } from '../../../rules/taxForms';
import type { AddressFields } from './business';

/**
 * The `taxform-<user id>` stream: the tax forms a payee signed, each superseding the one before
 * (history kept). A W-9's TIN is kept encrypted (server/dataKey.ts) with its last 4 digits, as the
 * person's SSN and the business's EIN are; never in clear.
 */
export type TaxFormEvent = {
  type: 'TaxFormSigned';
  data: {
    formId: string;
    kind: TaxFormKind;
    name: string;
    address: AddressFields;
    /** W-8BEN: country of citizenship; W-8BEN-E: country of organization; '' for a W-9. */
    country: string;
    /** W-8BEN-E: the chapter 3 status; '' otherwise. */
    chapter3Status: string;
    treaty: { country: string; article: string; rate: string } | null;
    /** W-9 only: the TIN certified, encrypted, its last 4 digits and whether an SSN or EIN. */
    tin: { encrypted: string; last4: string; kind: 'ssn' | 'ein' } | null;
    signerName: string;
    /** The words certified, as the signer agreed to them, and their version. */
    text: string;
    textVersion: number;
  };
};
