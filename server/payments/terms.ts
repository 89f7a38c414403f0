// The payment terms a payee accepts before their first payment (SPEC section 5). Accepting is an
// event of the person's stream: who clicked (an emulating admin is recorded as such), the
// version, when, and the language the text was shown in. A payment waits, held with its reason,
// until its payee accepted the terms in force (holds.ts).
import type { AcceptPaymentTerms, PaymentTermsAnswer } from '../../api/bankAccount';
import { epochSeconds } from '../../api/common';
import { PAYMENT_TERMS_VERSION, TERMS_NOT_CURRENT } from '../../rules/paymentTerms';
import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { personStream } from '../settings/person';

/** The advisory lock space of acceptances (two-key locks, apart from the ledger's and the jobs'). */
const TERMS_LOCKS = 72_400_011;

/** Whether the person accepted the terms in force. */
export async function acceptedCurrentTerms(tx: Queryable, personId: string): Promise<boolean> {
  const rows = await tx.query(
    'select 1 from payment_terms_acceptances where person_id = $1 and version = $2',
    [personId, PAYMENT_TERMS_VERSION],
  );
  return rows.length > 0;
}

/** The terms in force and the person's latest acceptance, whichever version it was. */
export async function paymentTermsOf(db: Queryable, personId: string): Promise<PaymentTermsAnswer> {
  const rows = await db.query<{
    version: string;
    accepted_at: Date | string;
    language: string;
    emulating_actor: string | null;
  }>(
    `select version, accepted_at, language, emulating_actor from payment_terms_acceptances
      where person_id = $1 order by accepted_at desc, version desc limit 1`,
    [personId],
  );
  const last = rows[0];
  return {
    current: PAYMENT_TERMS_VERSION,
    accepted: last
      ? {
          version: last.version,
          acceptedAt: epochSeconds(last.accepted_at) ?? 0,
          language: last.language,
          byAdmin: last.emulating_actor !== null,
        }
      : null,
  };
}

/**
 * The person accepts the terms of `version`: refused unless it is the version in force. Accepting
 * what one accepted already records nothing more (a double click).
 */
export async function acceptPaymentTerms(
  tx: Queryable,
  personId: string,
  { version, language }: AcceptPaymentTerms,
  metadata: EventMetadata,
): Promise<void> {
  if (version !== PAYMENT_TERMS_VERSION) throw new ConflictError(TERMS_NOT_CURRENT);
  const stream = personStream(personId);
  // The person's stream, locked for the check and the append: two clicks record once.
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [TERMS_LOCKS, stream]);
  if (await acceptedCurrentTerms(tx, personId)) return;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'PaymentTermsAccepted', data: { version, language } }],
    metadata,
  );
}
