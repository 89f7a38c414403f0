import type { Queryable } from '../db/database';
import { translator } from '../i18n';
import { formatMoney, formatPeriod, languageOf } from './format';
import { statementCurrencySql } from '../events/readModels/statementCurrency';

/** The browser page of one payee statement: a payee opens it signed in, never a file by mail. */
export const payeeStatementPage = (statementId: string) => `/earnings/${statementId}`;

/**
 * Tells each payee of a just-approved statement that their statement is ready, in their language,
 * with their payout and a link to its page. Queued in the approval's transaction, so an approval
 * that rolls back sends nothing. A person without a login address or deleted gets no mail.
 */
export async function queuePayeeStatementMails(
  tx: Queryable,
  statementId: string,
  publicUrl: string,
  now: Date,
): Promise<void> {
  const payees = await tx.query<{
    username: string;
    fullname: string;
    language: string;
    payout: string;
    period: string;
    distributor: string;
    label: string;
    currency: string;
  }>(
    `select u.username, u.fullname, u.language, trim_scale(sp.payout)::text as payout, s.period,
            d.name as distributor, a.name as label,
            coalesce(${statementCurrencySql('s.id')}, 'USD') as currency
       from statements s
       join statement_payees sp on sp.calculation_id = s.calculation_id
       join users u on u.id = sp.payee_id
       join distributors d on d.id = s.distributor_id
       join accounts a on a.id = s.account_id
      where s.id = $1 and u.username is not null and u.deleted_at is null
      order by u.id`,
    [statementId],
  );
  const link = `${publicUrl}${payeeStatementPage(statementId)}`;
  for (const payee of payees) {
    const language = languageOf(payee.language);
    const t = translator(language);
    const values = {
      name: payee.fullname,
      label: payee.label,
      distributor: payee.distributor,
      period: formatPeriod(payee.period, language),
      payout: formatMoney(payee.payout, payee.currency, language),
    };
    await tx.query(
      'insert into outbox (recipient, subject, body, link, created_at) values ($1, $2, $3, $4, $5)',
      [
        payee.username,
        t('payee-statements.email.subject', values),
        [t('payee-statements.email.body', values), '', link].join('\n'),
        link,
        now.toISOString(),
      ],
    );
  }
}
