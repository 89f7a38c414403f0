// The keys of the server's answers that pages show (SPEC section 8), by their English text; the
// login page's are in serverText.ts. Loaded with all of English (i18n/lazy.ts), not in the first
// download, and added to serverText.ts's as it loads.
import {
  MICRO_DEPOSITS_LOCKED,
  BANK_COUNTRY_NOT_TAKEN,
  BIC_INVALID,
  BIC_REQUIRED,
  IBAN_INVALID,
  SORT_CODE_INVALID,
  UK_ACCOUNT_NUMBER_INVALID,
} from '../../rules/bankAccount';
import { ORIGINATOR_TEXTS } from '../../rules/bankFileOriginator';
import { BOOK_CODE_INVALID, BOOK_NAME_INVALID, XERO_TAX_RATE_INVALID } from '../../rules/journals';
import { NOT_AN_AMOUNT } from '../../rules/money';
import { TERMS_NOT_CURRENT } from '../../rules/paymentTerms';
import { PASSWORD_MESSAGES } from '../../rules/passwords';
import { RESERVE_TEXTS } from '../../rules/reserves';
import { PASSWORD_KEYS } from '../account/passwordRules';
import { addServerTextKeys } from './serverText';

export const SERVER_TEXT_KEYS: Readonly<Record<string, string>> = {
  'User not found': 'server.user.not-found',
  'Your account is already active. Please login or reset your password.':
    'server.account.already-active',
  'Password reset link has expired.': 'server.reset.expired',
  'There was an error resetting your password': 'server.reset.failed',
  'There was an error activating your account': 'server.activation.failed',
  'Your signup request has expired. Please complete the signup form again.':
    'server.activation.expired',
  'Unable to claim this account.': 'server.claim.failed',
  'Give the payee a name or an e-mail.': 'server.payee.name-or-email',
  'This person already has an e-mail.': 'server.payee.has-email',
  'This request was already decided.': 'server.product-request.already-decided',
  'Say why the product is refused.': 'server.product-request.reason-needed',
  [PASSWORD_MESSAGES.passwordRule]: PASSWORD_KEYS.passwordRule,
  'A threshold needs income and/or units greater than zero.': 'catalog.triggers.threshold-positive',
  'This invitation has expired. Ask the label to invite you again.': 'server.invitation.expired',
  'Only a failed payment can be cleared and tried again.': 'server.payment.not-failed',
  'This payment cannot be tried again: the money the bank returned is no longer in the payee’s balance (a later payment paid it).':
    'server.payment.not-covered',
  'Only a payment on its way to the bank can be cancelled, before the bank has it.':
    'server.payment.not-cancellable',
  'This payment can no longer be cancelled: its transfer has reached the bank.':
    'server.payment.with-the-bank',
  // Bank files (server/routes/bankFiles.ts, server/payments/bankfile/files.ts).
  'Download this bank file before you mark it submitted: your bank must receive the file the portal wrote.':
    'server.bank-file.not-downloaded',
  'Choose the return file your bank sent.': 'server.bank-file.return-missing',
  'This file returns no payment: upload the return file your bank sent for a submitted bank file.':
    'server.bank-file.no-returns',
  'This file is not a return file: upload the NACHA return file, pain.002 status report or camt.054 notification your bank sent.':
    'server.bank-file.not-a-return-file',
  'A record of this return file cannot be read: upload the file exactly as your bank sent it.':
    'server.bank-file.malformed-record',
  'The totals of this return file do not match its entries: ask your bank for the file again.':
    'server.bank-file.control-totals-differ',
  'The portal does not read this kind of file: upload a NACHA return file, a pain.002 status report or a camt.054 notification.':
    'server.bank-file.unknown-format',
  'A routing number is 9 digits with a valid check digit.': 'bank-account.errors.routing',
  'An account number must be 10 numbers long.': 'bank-account.errors.account',
  [SORT_CODE_INVALID]: 'bank-account.errors.sort-code',
  [UK_ACCOUNT_NUMBER_INVALID]: 'bank-account.errors.uk-account',
  [IBAN_INVALID]: 'bank-account.errors.iban',
  [BIC_INVALID]: 'bank-account.errors.bic',
  [BIC_REQUIRED]: 'bank-account.errors.bic-required',
  [BANK_COUNTRY_NOT_TAKEN]: 'bank-account.errors.country',
  'Transaction Mismatch: Transactions do not match, please try again.':
    'bank-account.errors.mismatch',
  'Add a bank account first.': 'bank-account.errors.none',
  'Enter your password again to change where you are paid.': 'bank-account.errors.password',
  'This bank account is verified already.': 'bank-account.errors.verified',
  'The two micro-deposits have not reached your bank yet. Micro-deposits appear in 24 to 48 hours.':
    'bank-account.errors.not-arrived',
  [MICRO_DEPOSITS_LOCKED]: 'bank-account.errors.locked',
  [TERMS_NOT_CURRENT]: 'payment-terms.acceptance.not-current',
  'A payment minimum is zero or more, with no more decimals than its currency has.':
    'payment-settings.errors.amount',
  'Each currency has one payment minimum.': 'payment-settings.errors.twice',
  [RESERVE_TEXTS.percent]: 'reserves.errors.percent',
  [RESERVE_TEXTS.periods]: 'reserves.errors.periods',
  [RESERVE_TEXTS.format]: 'reserves.errors.format',
  [RESERVE_TEXTS.product]: 'reserves.errors.product',
  [RESERVE_TEXTS.twice]: 'reserves.errors.twice',
  // The label's bank details for bank files (rules/bankFileOriginator.ts); its routing number
  // text is the bank account's, above.
  [ORIGINATOR_TEXTS.invalid]: 'bank-files.errors.invalid',
  [ORIGINATOR_TEXTS.required]: 'bank-files.errors.required',
  [ORIGINATOR_TEXTS.tenCharacters]: 'bank-files.errors.ten-characters',
  [ORIGINATOR_TEXTS.nachaName23]: 'bank-files.errors.nacha-name-23',
  [ORIGINATOR_TEXTS.nachaName16]: 'bank-files.errors.nacha-name-16',
  [ORIGINATOR_TEXTS.nachaCharacters]: 'bank-files.errors.nacha-characters',
  [ORIGINATOR_TEXTS.sepaName]: 'bank-files.errors.sepa-name',
  [ORIGINATOR_TEXTS.iban]: 'bank-files.errors.iban',
  [ORIGINATOR_TEXTS.ibanNotSepa]: 'bank-files.errors.iban-not-sepa',
  // The BIC's text is the bank account's (BIC_INVALID), above.
  [ORIGINATOR_TEXTS.bicCountry]: 'bank-files.errors.bic-country',
  'This invitation is not valid or was already used.': 'server.invitation.invalid',
  'Another statement of this account was approved after this result was calculated. Calculate this statement again so that it starts from the balances that statement left, then approve it.':
    'server.statement.stale-result',
  'Statement Remove Failed': 'server.statement.remove-failed',
  'A statement has an issue to resolve before splits can be calculated.':
    'server.statement.issue-to-resolve',
  // Replacing a statement's file (server/statements/replaceFile.ts).
  'Choose the one file that replaces this file.': 'statements.files.one-file',
  'This statement was approved: its files can no longer be replaced. Correct its figures with an adjustment on a later statement.':
    'statements.files.after-approval',
  'This statement is being read or calculated: replace its file once that is done.':
    'statements.files.busy',
  'This statement was cancelled: upload the corrected file as a new statement.':
    'statements.files.stopped',
  'This file is no longer part of the statement: it was replaced meanwhile. Reload the statement to see its files.':
    'statements.files.replaced-already',
  'This statement’s total is not waiting for a confirmation.':
    'server.statement.nothing-to-confirm',
  'Enter an amount such as 12.50 or -3.25 (at most 15 digits before the decimal point and 12 after it).':
    'statements.adjustments.amount-invalid',
  'Splits of this statement’s products were changed after this result was calculated. Calculate this statement again so that it pays by the splits as they are now, then approve it.':
    'statements.stale.refused',
  'The label’s distributor take for this statement’s distributor was changed after this result was calculated. Calculate this statement again so that it deducts the take as it is now, then approve it.':
    'statements.stale.take-refused',
  // The recoupment form's checks (server/recoupments/validation.ts), beside their fields.
  'A recoupment needs a title.': 'recoupment-form.errors.title-required',
  [NOT_AN_AMOUNT]: 'recoupment-form.errors.not-a-value',
  'An amount must be positive.': 'recoupment-form.errors.amount-positive',
  'A currency is a three-letter code, like USD.': 'recoupment-form.errors.not-a-currency',
  'A value must be greater than zero and must not be negative.':
    'recoupment-form.errors.value-positive',
  'A value must not be negative.': 'recoupment-form.errors.value-not-negative',
  'A percentage is between 0 and 100, with at most 4 decimals.':
    'recoupment-form.errors.percent-range',
  'A recoupment needs a recoupable percentage or a net revenue percentage above zero.':
    'recoupment-form.errors.nothing-to-recoup',
  'A recoupment with a recoupable percentage needs at least one debtor.':
    'recoupment-form.errors.debtors-required',
  'A recoupment scoped to products needs at least one product.':
    'recoupment-form.errors.products-required',
  'This person is not one of the label’s people or payees.': 'recoupment-form.errors.not-a-person',
  'This product is not one of the label’s products.': 'recoupment-form.errors.not-a-product',
  'This item was changed by someone else. Reload it and try again.':
    'recoupment-form.errors.changed-elsewhere',
  'This recoupment was deleted.': 'recoupment-form.errors.deleted',
  // Closed periods (server/periods/periods.ts, server/events/closedPeriods.ts).
  'Choose a period of the label’s length, such as 2026-03 or 2026-Q1.':
    'server.period.not-a-period',
  'This period is closed already.': 'server.period.closed-already',
  'A period is a month or a quarter.': 'server.period.not-a-length',
  'Nothing happened in this period: it has no statements and no money moved in it, so there is nothing to close.':
    'server.period.nothing-to-close',
  'This statement’s period is open: correct the statement itself. A correction statement is for a statement of a closed period.':
    'server.period.correct-open',
  'A period can be closed once it has ended.': 'server.period.not-over',
  'This period cannot be closed yet: some of its statements are not approved or cancelled. The periods page names them.':
    'server.period.not-ready',
  'An earlier period still has statements and is open: periods close in order, close it first.':
    'server.period.earlier-open',
  'The period length can change only while no period is closed, or after a closed period that ends a quarter (March, June, September or December).':
    'server.period.length-locked',
  'This statement’s period is closed: its figures, files and payouts no longer change. Correct it with a correction statement in the next open period.':
    'server.period.statement-closed',
  'This report month is in a closed period: choose a month after the last closed period.':
    'server.period.month-closed',
  [BOOK_CODE_INVALID]: 'journals.errors.code',
  [BOOK_NAME_INVALID]: 'journals.errors.name',
  [XERO_TAX_RATE_INVALID]: 'journals.errors.tax-rate',
  'Each book category has one account.': 'journals.errors.category-twice',
  'This period is not closed yet: its journal is ready once the period is closed.':
    'journals.errors.not-closed',
};

addServerTextKeys(SERVER_TEXT_KEYS);
