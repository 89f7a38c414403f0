import type { NachaOriginatorFields } from '../../../rules/bankFileOriginator';

/**
 * The `bankfileoriginator-<account id>` stream: the label's own bank details its bank files carry.
 * Each change holds the whole settings and names the fields changed; the IBAN is kept encrypted
 * (server/dataKey.ts) with its last 4, never in clear.
 */
export type BankFileOriginatorEvent = {
  type: 'BankFileOriginatorSet';
  data: {
    /** The fields changed, as the form names them (`nacha.companyId`, `sepa.iban`, ...). */
    changed: string[];
    nacha: NachaOriginatorFields | null;
    sepa: { name: string; ibanEncrypted: string; ibanLast4: string; bic: string | null } | null;
  };
};
