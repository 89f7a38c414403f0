import type { BankFileOriginator, BankFileOriginatorChange } from '../../../api/bankFileOriginator';
import {
  bicOf,
  checkNachaOriginatorFields,
  checkSepaDebtorFields,
  ibanOf,
  nachaOriginatorFields,
  nachaProblemText,
  ORIGINATOR_TEXTS,
  sepaProblemText,
  trimmedNacha,
  type NachaOriginatorFields,
} from '../../../rules/bankFileOriginator';
import { decrypt, encrypt } from '../../dataKey';
import type { Database, Queryable } from '../../db/database';
import { BadRequestError, ConflictError, type FieldError } from '../../errors';
import { appendToStream, CONFLICT_MESSAGE, streamVersion } from '../../events/store';
import type { BankFileOriginatorEvent, EventMetadata } from '../../events/types';

const stream = (accountId: string) => `bankfileoriginator-${accountId}`;

interface OriginatorRow {
  immediate_destination: string | null;
  immediate_destination_name: string | null;
  immediate_origin: string | null;
  immediate_origin_name: string | null;
  company_name: string | null;
  company_id: string | null;
  odfi_routing: string | null;
  sepa_name: string | null;
  sepa_iban_encrypted: string | null;
  sepa_iban_last4: string | null;
  sepa_bic: string | null;
  version: number;
}

async function originatorRow(db: Queryable, accountId: string): Promise<OriginatorRow | null> {
  const rows = await db.query<OriginatorRow>(
    'select * from bank_file_originators where account_id = $1',
    [accountId],
  );
  return rows[0] ?? null;
}

function nachaOf(row: OriginatorRow | null): NachaOriginatorFields | null {
  if (!row?.immediate_destination) return null;
  return {
    immediateDestination: row.immediate_destination,
    immediateDestinationName: row.immediate_destination_name ?? '',
    immediateOrigin: row.immediate_origin ?? '',
    immediateOriginName: row.immediate_origin_name ?? '',
    companyName: row.company_name ?? '',
    companyId: row.company_id ?? '',
    odfiRouting: row.odfi_routing ?? '',
  };
}

/** The label's bank-file details as its owner reads them: the IBAN as its last 4. */
export async function readBankFileOriginator(
  db: Queryable,
  accountId: string,
): Promise<BankFileOriginator> {
  const row = await originatorRow(db, accountId);
  return {
    nacha: nachaOf(row),
    sepa:
      row?.sepa_name && row.sepa_iban_last4
        ? { name: row.sepa_name, ibanLast4: row.sepa_iban_last4, bic: row.sepa_bic }
        : null,
    version: Number(row?.version ?? 0),
  };
}

/**
 * What the label's bank files carry, for the rail that writes them: the NACHA originator (null
 * until the label set it) and the SEPA debtor with its IBAN in clear (null until set).
 */
export async function originatorOf(
  db: Queryable,
  dataKey: Buffer,
  accountId: string,
): Promise<{
  nacha: NachaOriginatorFields | null;
  sepa: { name: string; iban: string; bic: string | null } | null;
}> {
  const row = await originatorRow(db, accountId);
  return {
    nacha: nachaOf(row),
    sepa:
      row?.sepa_name && row.sepa_iban_encrypted
        ? {
            name: row.sepa_name,
            iban: decrypt(dataKey, row.sepa_iban_encrypted),
            bic: row.sepa_bic,
          }
        : null,
  };
}

export interface OriginatorDeps {
  db: Database;
  dataKey: () => Buffer;
  /** Other checks a bank file's writer makes of the NACHA fields, by field: their texts. */
  extraNachaCheck?: (fields: NachaOriginatorFields) => FieldError[];
}

/**
 * Sets the label's bank-file details as a whole, each field checked as a bank would (refused
 * field by field). An empty IBAN keeps the one set before. A change from an older version is
 * refused (409); nothing changed records nothing.
 */
export async function changeBankFileOriginator(
  deps: OriginatorDeps,
  accountId: string,
  change: BankFileOriginatorChange,
  metadata: EventMetadata,
): Promise<void> {
  const errors: FieldError[] = [];
  const nacha = change.nacha && trimmedNacha(change.nacha);
  if (nacha) {
    for (const problem of checkNachaOriginatorFields(nacha)) {
      errors.push({ path: `nacha/${problem.field}`, message: nachaProblemText(problem) });
    }
    for (const extra of deps.extraNachaCheck?.(nacha) ?? []) {
      if (!errors.some((error) => error.path === extra.path)) errors.push(extra);
    }
  }
  await deps.db.transaction(async (tx) => {
    const version = await streamVersion(tx, stream(accountId));
    if (version !== change.version) throw new ConflictError(CONFLICT_MESSAGE);
    const row = await originatorRow(tx, accountId);
    const keptIban = row?.sepa_iban_encrypted
      ? decrypt(deps.dataKey(), row.sepa_iban_encrypted)
      : null;
    if (change.sepa) {
      for (const problem of checkSepaDebtorFields(change.sepa, keptIban !== null)) {
        errors.push({ path: `sepa/${problem.field}`, message: sepaProblemText(problem) });
      }
    }
    if (errors.length > 0) throw new BadRequestError(ORIGINATOR_TEXTS.invalid, errors);

    const before = nachaOf(row);
    const changed: string[] = [];
    for (const field of nachaOriginatorFields) {
      if ((before?.[field] ?? null) !== (nacha?.[field] ?? null)) changed.push(`nacha.${field}`);
    }
    let sepa: BankFileOriginatorEvent['data']['sepa'] = null;
    if (change.sepa) {
      const iban = ibanOf(change.sepa.iban) || keptIban!;
      const bic = bicOf(change.sepa.bic) || null;
      const name = change.sepa.name.trim();
      if ((row?.sepa_name ?? null) !== name) changed.push('sepa.name');
      if (keptIban !== iban) changed.push('sepa.iban');
      if ((row?.sepa_bic ?? null) !== bic) changed.push('sepa.bic');
      sepa = {
        name,
        ibanEncrypted:
          keptIban === iban ? row!.sepa_iban_encrypted! : encrypt(deps.dataKey(), iban),
        ibanLast4: iban.slice(-4),
        bic,
      };
    } else if (row?.sepa_name) {
      changed.push('sepa.name', 'sepa.iban');
      if (row.sepa_bic) changed.push('sepa.bic');
    }
    if (changed.length === 0) return;
    await appendToStream(
      tx,
      stream(accountId),
      version,
      [{ type: 'BankFileOriginatorSet', data: { changed, nacha, sepa } }],
      metadata,
    );
  });
}
