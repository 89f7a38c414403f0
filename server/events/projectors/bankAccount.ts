import type { BankAccountEvent } from '../types';
import type { Projector } from './projector';

export const bankAccountProjector: Projector<BankAccountEvent> = {
  async BankAccountAdded(tx, { data }, { id, at, version }) {
    // A new account replaces the last one, which must be verified again.
    await tx.query(
      `insert into payee_payment_methods (payee_id, partner_customer_id, funding_source_id,
                                          routing_number, account_number_encrypted, last4,
                                          account_type, bank_name, added_at, version, scheme,
                                          bank_country, sort_code, bic)
       values ($1, $2, $3, $4, $5, $6, $7, $10, $8, $9, $11, $12, $13, $14)
       on conflict (payee_id) do update set
         partner_customer_id = excluded.partner_customer_id,
         funding_source_id = excluded.funding_source_id,
         routing_number = excluded.routing_number,
         account_number_encrypted = excluded.account_number_encrypted,
         last4 = excluded.last4, account_type = excluded.account_type,
         bank_name = excluded.bank_name, added_at = excluded.added_at,
         scheme = excluded.scheme, bank_country = excluded.bank_country,
         sort_code = excluded.sort_code, bic = excluded.bic,
         micro_deposits_sent_at = null, verified_at = null, failed_verifications = 0,
         verification_locked_at = null, version = excluded.version`,
      [
        id,
        data.customerId,
        data.fundingSourceId,
        data.routingNumber,
        data.accountNumberEncrypted,
        data.last4,
        data.accountType,
        at,
        version,
        data.bankName ?? null,
        data.scheme ?? 'aba',
        data.country ?? 'US',
        data.sortCode ?? null,
        data.bic ?? null,
      ],
    );
  },
  async MicroDepositsSent(tx, _event, { id, at, version }) {
    await tx.query(
      'update payee_payment_methods set micro_deposits_sent_at = $2, version = $3 where payee_id = $1',
      [id, at, version],
    );
  },
  async BankAccountVerified(tx, _event, { id, at, version }) {
    await tx.query(
      'update payee_payment_methods set verified_at = $2, version = $3 where payee_id = $1',
      [id, at, version],
    );
  },
  async BankAccountVerificationFailed(tx, _event, { id, version }) {
    await tx.query(
      `update payee_payment_methods set failed_verifications = failed_verifications + 1,
              version = $2 where payee_id = $1`,
      [id, version],
    );
  },
  async BankAccountVerificationLocked(tx, _event, { id, at, version }) {
    await tx.query(
      `update payee_payment_methods set verification_locked_at = $2, version = $3
        where payee_id = $1`,
      [id, at, version],
    );
  },
};
