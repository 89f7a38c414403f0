// The label as its bank knows it: the fields of the originating company a NACHA file carries,
// and the account a SEPA file debits. The label's owner sets them (its settings page); a payment
// of a label whose fields for its format are missing or unsound is held, with a reason it reads.
import { isValidBIC, isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { Queryable } from '../../db/database';
import { checkNachaOriginator, type NachaOriginator } from './nacha';
import type { SepaDebtor } from './sepa';

export interface LabelOriginator {
  /** Null when a field is missing or a bank would refuse it (checkNachaOriginator). */
  nacha: NachaOriginator | null;
  /** Null when the name or the IBAN is missing or not valid. */
  sepa: SepaDebtor | null;
}

interface OriginatorRow {
  immediate_destination: string | null;
  immediate_destination_name: string | null;
  immediate_origin: string | null;
  immediate_origin_name: string | null;
  company_name: string | null;
  company_id: string | null;
  odfi_routing: string | null;
  sepa_name: string | null;
  sepa_iban: string | null;
  sepa_bic: string | null;
}

function nachaOf(row: OriginatorRow): NachaOriginator | null {
  const originator = {
    immediateDestination: row.immediate_destination,
    immediateDestinationName: row.immediate_destination_name,
    immediateOrigin: row.immediate_origin,
    immediateOriginName: row.immediate_origin_name,
    companyName: row.company_name,
    companyId: row.company_id,
    odfiRouting: row.odfi_routing,
  };
  const complete = Object.values(originator).every((value) => value !== null && value !== '');
  if (!complete) return null;
  const sound = originator as NachaOriginator;
  return checkNachaOriginator(sound).length === 0 ? sound : null;
}

function sepaOf(row: OriginatorRow): SepaDebtor | null {
  const iban = electronicFormatIBAN(row.sepa_iban ?? '') ?? '';
  const name = row.sepa_name?.trim() ?? '';
  if (!name || !isValidIBAN(iban)) return null;
  const bic = row.sepa_bic?.trim() || null;
  if (bic !== null && !isValidBIC(bic)) return null;
  return { name, iban, bic };
}

/** The label's originator fields, per format, as a bank file can use them. */
export async function originatorOf(db: Queryable, accountId: string): Promise<LabelOriginator> {
  const rows = await db.query<OriginatorRow>(
    `select immediate_destination, immediate_destination_name, immediate_origin,
            immediate_origin_name, company_name, company_id, odfi_routing,
            sepa_name, sepa_iban, sepa_bic
       from bank_file_originators where account_id = $1`,
    [accountId],
  );
  const row = rows[0];
  return row ? { nacha: nachaOf(row), sepa: sepaOf(row) } : { nacha: null, sepa: null };
}
