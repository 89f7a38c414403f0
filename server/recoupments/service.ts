import { randomUUID } from 'node:crypto';
import type { NewRecoupment, RecoupmentPatch } from '../../api/recoupments';
import type { Queryable } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream, CONFLICT_MESSAGE, streamVersion } from '../events/store';
import type { EventMetadata, RecoupmentTerms, Remitted } from '../events/types';
import { statementCurrencySql } from '../events/readModels/statementCurrency';
import { readTerms } from '../events/readModels/recoupmentTerms';
import { lockAccountResults } from '../statements/approvalOrder';
import { assertValidTerms } from './validation';

type TermFields = Omit<NewRecoupment, 'accountId'>;

/** API fields to terms; absent fields keep `base`'s value. */
export function toTerms(body: Partial<TermFields>, base: RecoupmentTerms): RecoupmentTerms {
  const pick = <T>(value: T | undefined, fallback: T): T =>
    value === undefined ? fallback : value;
  const debtorIds = body.debtorIds ?? base.debtorIds;
  return {
    title: (body.title ?? base.title).trim(),
    subtitle: pick<string | null>(body.subtitle, base.subtitle),
    active: body.active ?? base.active,
    amount: (body.amount ?? base.amount).trim(),
    currency: (body.currency ?? base.currency).trim().toUpperCase(),
    expectedValue: pick<string | null>(body.expectedValue, base.expectedValue),
    prepaid: body.prepaid ?? base.prepaid,
    statementMaximum: pick<string | null>(body.statementMaximum, base.statementMaximum),
    paymentMinimum: body.paymentMinimum ?? base.paymentMinimum,
    revenueMinimum: body.revenueMinimum ?? base.revenueMinimum,
    dueDate: pick<string | null>(body.dueDate, base.dueDate),
    startDate: pick<string | null>(body.startDate, base.startDate),
    recoupmentType: body.type ?? base.recoupmentType,
    kind: pick<string | null>(body.kind, base.kind),
    tag: pick<string | null>(body.tag, base.tag),
    creditorId: body.creditorId ?? base.creditorId,
    // Named twice counts once (ENGINE.md): kept once, in first position.
    debtorIds: [...new Set(debtorIds)],
    warranterId: pick<string | null>(body.warranterId, base.warranterId),
    scope: body.scope ?? base.scope,
    autoLink: body.autoLink ?? base.autoLink,
    productIds: [...new Set(body.productIds ?? base.productIds)].sort(),
    netRevenuePct: body.netRevenuePct ?? base.netRevenuePct,
    recoupablePct: body.recoupablePct ?? base.recoupablePct,
    priority: body.priority ?? base.priority,
    reimbursement: body.reimbursement ?? base.reimbursement,
    mechanicalRepays: body.mechanicalRepays ?? base.mechanicalRepays,
  };
}

/** The terms of a new recoupment before the label's fields: an all-scope debtor recoupment. */
export const defaultTerms: RecoupmentTerms = {
  title: '',
  subtitle: null,
  active: true,
  amount: '',
  currency: 'USD',
  expectedValue: null,
  prepaid: '0',
  statementMaximum: null,
  paymentMinimum: '0',
  revenueMinimum: '0',
  dueDate: null,
  startDate: null,
  recoupmentType: 'advance',
  kind: null,
  tag: null,
  creditorId: '',
  debtorIds: [],
  warranterId: null,
  scope: 'all',
  autoLink: false,
  productIds: [],
  netRevenuePct: '0',
  recoupablePct: '100',
  priority: 'medium',
  reimbursement: 'immediate',
  mechanicalRepays: false,
};

export async function createRecoupment(
  tx: Queryable,
  accountId: string,
  body: TermFields,
  metadata: EventMetadata,
): Promise<string> {
  await lockAccountResults(tx, accountId);
  const terms = toTerms(body, defaultTerms);
  await assertValidTerms(tx, accountId, terms);
  const recoupmentId = randomUUID();
  await appendToStream(
    tx,
    `recoupment-${recoupmentId}`,
    0,
    [{ type: 'RecoupmentCreated', data: { recoupmentId, accountId, terms } }],
    metadata,
  );
  return recoupmentId;
}

async function current(tx: Queryable, recoupmentId: string) {
  const found = await readTerms(tx, recoupmentId);
  if (!found) throw new NotFoundError();
  if (found.status === 'deleted') throw new ConflictError('This recoupment was deleted.');
  return found;
}

/** Changes the fields sent; the version must be the one the change was made on (409 if not). */
export async function changeRecoupment(
  tx: Queryable,
  recoupmentId: string,
  { version, ...body }: RecoupmentPatch,
  metadata: EventMetadata,
): Promise<void> {
  const { accountId, terms: before } = await current(tx, recoupmentId);
  await lockAccountResults(tx, accountId);
  const after = toTerms(body, before);
  await assertValidTerms(tx, accountId, after);
  const changed = (Object.keys(after) as (keyof RecoupmentTerms)[]).filter(
    (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  const stream = `recoupment-${recoupmentId}`;
  if (changed.length === 0) {
    if ((await streamVersion(tx, stream)) !== version) throw new ConflictError(CONFLICT_MESSAGE);
    return;
  }
  const pickOf = (terms: RecoupmentTerms) =>
    Object.fromEntries(changed.map((key) => [key, terms[key]])) as Partial<RecoupmentTerms>;
  await appendAfterCheck(
    tx,
    stream,
    version,
    [{ type: 'RecoupmentChanged', data: { before: pickOf(before), after: pickOf(after) } }],
    metadata,
  );
}

/** Deleted recoupments take nothing more and stay in the log and in the lists filtered by status. */
export async function deleteRecoupment(
  tx: Queryable,
  recoupmentId: string,
  metadata: EventMetadata,
): Promise<void> {
  const { accountId } = await current(tx, recoupmentId);
  await lockAccountResults(tx, accountId);
  const stream = `recoupment-${recoupmentId}`;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [{ type: 'RecoupmentDeleted', data: {} }],
    metadata,
  );
}

export const RECOUPMENTS_CHANGED =
  'A recoupment was added, changed or deleted since this statement was calculated: calculate it again before approving.';

/** The result must have been calculated on the recoupments as they are now, each at its version. */
async function assertRecoupmentsUnchanged(
  tx: Queryable,
  statementId: string,
  calculationId: string,
): Promise<void> {
  const changed = await tx.query(
    `select 1 from calculation_recoupments cr join recoupments r on r.id = cr.recoupment_id
      where cr.calculation_id = $1 and r.version <> cr.recoupment_version
     union all
     select 1 from recoupments r join statements s on s.id = $2
      where r.account_id = s.account_id and r.status <> 'deleted'
        and r.currency = coalesce(${statementCurrencySql('s.id')}, 'USD')
        and not exists (select 1 from calculation_recoupments cr
                         where cr.calculation_id = $1 and cr.recoupment_id = r.id)
     limit 1`,
    [calculationId, statementId],
  );
  if (changed.length > 0) throw new ConflictError(RECOUPMENTS_CHANGED);
}

/**
 * On approval: what the approved calculation took for each recoupment, per debtor and off the
 * top (taken less the debtors' remittances), on each recoupment's stream, so replay rebuilds it.
 */
export async function recordRemittances(
  tx: Queryable,
  statementId: string,
  calculationId: string,
  metadata: EventMetadata,
): Promise<void> {
  await assertRecoupmentsUnchanged(tx, statementId, calculationId);
  const rows = await tx.query<{
    recoupment_id: string;
    taken: string;
    deferred: string;
    remittances: Remitted[] | string;
    off_the_top: string;
    deferred_before: string;
  }>(
    `select cr.recoupment_id, trim_scale(cr.taken)::text as taken,
            trim_scale(cr.deferred)::text as deferred, cr.remittances,
            trim_scale(cr.taken - coalesce((select sum((x ->> 'amount')::numeric)
              from jsonb_array_elements(cr.remittances) x), 0))::text as off_the_top,
            trim_scale(r.deferred)::text as deferred_before
       from calculation_recoupments cr join recoupments r on r.id = cr.recoupment_id
      where cr.calculation_id = $1 order by cr.position`,
    [calculationId],
  );
  for (const row of rows) {
    const debtors =
      typeof row.remittances === 'string'
        ? (JSON.parse(row.remittances) as Remitted[])
        : row.remittances;
    const remittances: Remitted[] = [
      ...debtors.filter((remitted) => /[1-9]/.test(remitted.amount)),
      ...(/[1-9]/.test(row.off_the_top) ? [{ debtorId: null, amount: row.off_the_top }] : []),
    ];
    if (remittances.length === 0 && row.deferred === row.deferred_before) continue;
    const stream = `recoupment-${row.recoupment_id}`;
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [
        {
          type: 'RecoupmentRemitted',
          data: {
            statementId,
            calculationId,
            taken: row.taken,
            deferred: row.deferred,
            remittances,
          },
        },
      ],
      metadata,
    );
  }
}
