// The label as its bank knows it: the fields of the originating company a NACHA file carries,
// and the account a SEPA file debits. The label's owner sets them on its settings page; the
// rail reads them here. (Same reader, and signature, as the settings page's module.)
import { decrypt } from '../../dataKey';
import type { Queryable } from '../../db/database';
import type { NachaOriginator } from './nacha';
import type { SepaDebtor } from './sepa';

interface OriginatorRow {
  immediate_destination: string | null;
  immediate_destination_name: string | null;
  immediate_origin: string | null;
  immediate_origin_name: string | null;
  company_name: string | null;
  company_id: string | null;
  odfi_routing: string | null;
  sepa_name: string | null;
  sepa_iban?: string | null;
  sepa_iban_encrypted?: string | null;
  sepa_bic: string | null;
}

/**
 * What the label's bank files carry: the NACHA originator (null until the label set it) and the
 * SEPA debtor with its IBAN in clear (null until set). Whether a bank takes them is the writer's
 * check (checkNachaOriginator).
 */
export async function originatorOf(
  db: Queryable,
  dataKey: Buffer,
  accountId: string,
): Promise<{ nacha: NachaOriginator | null; sepa: SepaDebtor | null }> {
  const rows = await db.query<OriginatorRow>(
    'select * from bank_file_originators where account_id = $1',
    [accountId],
  );
  const row = rows[0];
  if (!row) return { nacha: null, sepa: null };
  const iban = row.sepa_iban_encrypted
    ? decrypt(dataKey, row.sepa_iban_encrypted)
    : (row.sepa_iban ?? null);
  return {
    nacha: row.immediate_destination
      ? {
          immediateDestination: row.immediate_destination,
          immediateDestinationName: row.immediate_destination_name ?? '',
          immediateOrigin: row.immediate_origin ?? '',
          immediateOriginName: row.immediate_origin_name ?? '',
          companyName: row.company_name ?? '',
          companyId: row.company_id ?? '',
          odfiRouting: row.odfi_routing ?? '',
        }
      : null,
    sepa: row.sepa_name && iban ? { name: row.sepa_name, iban, bic: row.sepa_bic } : null,
  };
}
