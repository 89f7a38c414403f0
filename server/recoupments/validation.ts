import { isMoneyText, NOT_AN_AMOUNT } from '../../rules/money';
import { isPercentText } from '../../rules/percent';
import type { Queryable } from '../db/database';
import { BadRequestError, type FieldError } from '../errors';
import type { RecoupmentTerms } from '../events/types';

export const AMOUNT_POSITIVE = 'An amount must be positive.';
export const VALUE_POSITIVE = 'A value must be greater than zero and must not be negative.';
export const VALUE_NOT_NEGATIVE = 'A value must not be negative.';
export const NOT_A_VALUE = NOT_AN_AMOUNT;
export const PERCENT_RANGE = 'A percentage is between 0 and 100, with at most 4 decimals.';
export const NOTHING_TO_RECOUP =
  'A recoupment needs a recoupable percentage or a net revenue percentage above zero.';
export const DEBTORS_REQUIRED =
  'A recoupment with a recoupable percentage needs at least one debtor.';
export const PRODUCTS_REQUIRED = 'A recoupment scoped to products needs at least one product.';
export const NOT_A_CURRENCY = 'A currency is a three-letter code, like USD.';
export const NOT_A_PERSON = 'This person is not one of the label’s people or payees.';
export const NOT_A_PRODUCT = 'This product is not one of the label’s products.';

const isPositive = (value: string) => /[1-9]/.test(value);

/** The problems of a recoupment's terms on their own, field by field, in the order of the form. */
export function termProblems(terms: RecoupmentTerms): FieldError[] {
  const problems: FieldError[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  if (!terms.title.trim()) problem('title', 'A recoupment needs a title.');
  if (!isMoneyText(terms.amount)) problem('amount', NOT_A_VALUE);
  else if (!isPositive(terms.amount)) problem('amount', AMOUNT_POSITIVE);
  if (!/^[A-Z]{3}$/.test(terms.currency)) problem('currency', NOT_A_CURRENCY);
  const money: [string, string | null, 'positive' | 'not negative'][] = [
    ['expectedValue', terms.expectedValue, 'not negative'],
    ['prepaid', terms.prepaid, 'not negative'],
    ['statementMaximum', terms.statementMaximum, 'positive'],
    ['paymentMinimum', terms.paymentMinimum, 'not negative'],
    ['revenueMinimum', terms.revenueMinimum, 'not negative'],
  ];
  for (const [path, value, rule] of money) {
    if (value === null) continue;
    if (value.startsWith('-'))
      problem(path, rule === 'positive' ? VALUE_POSITIVE : VALUE_NOT_NEGATIVE);
    else if (!isMoneyText(value)) problem(path, NOT_A_VALUE);
    else if (rule === 'positive' && !isPositive(value)) problem(path, VALUE_POSITIVE);
  }
  const percents: [string, string][] = [
    ['recoupablePct', terms.recoupablePct],
    ['netRevenuePct', terms.netRevenuePct],
  ];
  for (const [path, value] of percents) if (!isPercentText(value)) problem(path, PERCENT_RANGE);
  if (percents.every(([, value]) => isPercentText(value) && !isPositive(value))) {
    problem('recoupablePct', NOTHING_TO_RECOUP);
  }
  if (isPercentText(terms.recoupablePct) && isPositive(terms.recoupablePct)) {
    if (terms.debtorIds.length === 0) problem('debtorIds', DEBTORS_REQUIRED);
  }
  if (terms.scope === 'products' && !terms.autoLink && terms.productIds.length === 0) {
    problem('productIds', PRODUCTS_REQUIRED);
  }
  return problems;
}

/** The problems of the people and products the terms name, against the account. */
async function referenceProblems(
  tx: Queryable,
  accountId: string,
  terms: RecoupmentTerms,
): Promise<FieldError[]> {
  const named = [
    terms.creditorId,
    ...terms.debtorIds,
    ...(terms.warranterId ? [terms.warranterId] : []),
  ];
  const people = await tx.query<{ id: string }>(
    `select u.id from users u
      where u.id = any($1::text[]) and u.status <> 'deleted'
        and (u.account_id = $2 or exists (select 1 from account_payees ap
              where ap.account_id = $2 and ap.user_id = u.id and ap.status = 'accepted'))`,
    [named, accountId],
  );
  const known = new Set(people.map((row) => row.id));
  const problems: FieldError[] = [];
  if (!known.has(terms.creditorId)) problems.push({ path: 'creditorId', message: NOT_A_PERSON });
  for (const [index, debtorId] of terms.debtorIds.entries()) {
    if (!known.has(debtorId)) problems.push({ path: `debtorIds/${index}`, message: NOT_A_PERSON });
  }
  if (terms.warranterId && !known.has(terms.warranterId)) {
    problems.push({ path: 'warranterId', message: NOT_A_PERSON });
  }
  const products = await tx.query<{ id: string }>(
    'select id from products where id = any($1::text[]) and account_id = $2',
    [terms.productIds, accountId],
  );
  const ownProducts = new Set(products.map((row) => row.id));
  for (const [index, productId] of terms.productIds.entries()) {
    if (!ownProducts.has(productId)) {
      problems.push({ path: `productIds/${index}`, message: NOT_A_PRODUCT });
    }
  }
  return problems;
}

/** Refuses terms with any problem: the first one is the message, all of them are listed. */
export async function assertValidTerms(
  tx: Queryable,
  accountId: string,
  terms: RecoupmentTerms,
): Promise<void> {
  const problems = termProblems(terms);
  if (problems.length === 0) problems.push(...(await referenceProblems(tx, accountId, terms)));
  const first = problems[0];
  if (first) throw new BadRequestError(first.message, problems);
}
