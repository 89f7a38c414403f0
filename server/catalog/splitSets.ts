// Split sets of a product or of an account's defaults: read, checked against the payees they
// name, and replaced; and the collaborators and payees they bring to the account.
import type { SplitSet } from '../../engine/types';
import type { Queryable } from '../db/database';
import { NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { nameSeenBy } from '../queries/users';
import { sendAccountLink } from '../services/accountLinks';
import { lockAccountResults } from '../statements/approvalOrder';
import { invitePayee, type Invitee } from '../services/payeeInvitations';
import { openAccount, registerUser } from '../services/registration';
import { checkSplitSets, type CheckedSplits, type SplitSetInput } from './splits';
import { normalUsername } from '../../rules/usernames';

interface SplitSetRow {
  id: string;
  code: string | null;
  kind: SplitSet['kind'];
  start_date: string | Date | null;
  priority: number;
  trigger: SplitSet['trigger'] | null;
  shares: SplitSet['shares'];
}

function toSplitSet(row: SplitSetRow, scope: SplitSet['scope']): SplitSet {
  return {
    id: row.id,
    scope: row.code ? { code: row.code } : scope,
    kind: row.kind,
    startDate: row.start_date === null ? null : String(row.start_date),
    priority: Number(row.priority),
    shares: row.shares,
    ...(row.trigger ? { trigger: row.trigger } : {}),
  };
}

export async function readProductSplitSets(tx: Queryable, productId: string): Promise<SplitSet[]> {
  const rows = await tx.query<SplitSetRow>(
    `select id, code, kind, to_char(start_date, 'YYYY-MM-DD') as start_date, priority, trigger, shares
       from split_sets where product_id = $1 order by position`,
    [productId],
  );
  return rows.map((row) => toSplitSet(row, { productId }));
}

/** Who reads split sets: their account (null for staff, who see every name), and the person. */
export interface NameReader {
  account: string | null;
  person: string;
}

/**
 * The names of every payee the sets share with, for their views: as the sets' account knows them
 * (a person it only invited by their address), and the reader's own name always.
 */
export async function readPayeeNames(
  tx: Queryable,
  sets: readonly SplitSet[],
  reader: NameReader,
): Promise<Map<string, string>> {
  const payeeIds = [
    ...new Set(
      sets.flatMap((set) =>
        set.shares.flatMap((share) =>
          'members' in share ? share.members.map((member) => member.payeeId) : [share.payeeId],
        ),
      ),
    ),
  ];
  const rows = await tx.query<{ id: string; name: string }>(
    `select u.id, case when u.id = $3 then u.fullname else ${nameSeenBy('$2', 'u')} end as name
       from users u where u.id = any($1::text[])`,
    [payeeIds, reader.account, reader.person],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

export interface SplitsCommand {
  productId: string;
  version: number;
  splitSets: readonly SplitSetInput[];
  publicUrl: string;
}

/**
 * Replaces a product's split sets after checking them; collaborators named by a new e-mail
 * get an account and an activation link in the same transaction.
 */
export async function setProductSplits(
  tx: Queryable,
  command: SplitsCommand,
  metadata: EventMetadata,
): Promise<SplitSet[]> {
  const products = await tx.query<{ account_id: string }>(
    'select account_id from products where id = $1',
    [command.productId],
  );
  const accountId = products[0]?.account_id;
  if (!accountId) throw new NotFoundError();
  await lockAccountResults(tx, accountId);
  const codes = await tx.query<{ code: string }>(
    'select code from product_codes where product_id = $1',
    [command.productId],
  );
  const checked = await checkWithPayees(
    tx,
    accountId,
    command.splitSets,
    command.productId,
    codes.map((row) => row.code),
  );
  await recordSplitPayees(tx, accountId, checked, command.publicUrl, metadata);
  const before = await readProductSplitSets(tx, command.productId);
  await appendAfterCheck(
    tx,
    `product-${command.productId}`,
    command.version,
    [{ type: 'ProductSplitsChanged', data: { before, after: checked.sets } }],
    metadata,
  );
  return checked.sets;
}

/** Split sets checked, and the people of other accounts they name by e-mail. */
interface CheckedWithPayees extends CheckedSplits {
  /** Existing people outside the account, named by their e-mail: invited, never taken over. */
  outsiders: Invitee[];
}

/**
 * Checks split sets against the payees they name (productId null: the account's defaults). A
 * payee id must be one of the account's people; an e-mail may name anyone, and a person of
 * another account so named is invited rather than added.
 */
async function checkWithPayees(
  tx: Queryable,
  accountId: string,
  splitSets: readonly SplitSetInput[],
  productId: string | null,
  codes: readonly string[],
): Promise<CheckedWithPayees> {
  const payeeIds = splitSets.flatMap((set) => collectIds(set.shares));
  const emails = splitSets.flatMap((set) => collectEmails(set.shares));
  const known = await tx.query<Invitee & { related: boolean }>(
    `select u.id, u.username, u.fullname, u.language,
            (u.account_id = $3 or exists (select 1 from account_payees ap
               where ap.account_id = $3 and ap.user_id = u.id)) as related
       from users u
      where (u.id = any($1::text[]) or lower(u.username) = any($2::text[])) and u.status <> 'deleted'`,
    [payeeIds, emails, accountId],
  );
  // A set may wait for the repayment of any recoupment of its own account, never another's.
  const recoupments = await tx.query<{ id: string }>(
    `select id from recoupments where account_id = $1 and status <> 'deleted'`,
    [accountId],
  );
  const checked = checkSplitSets(splitSets, {
    productId,
    codes: new Set(codes),
    knownPayees: new Set(known.filter((row) => row.related).map((row) => row.id)),
    payeeByEmail: new Map(
      known.filter((row) => row.username).map((row) => [row.username.toLowerCase(), row.id]),
    ),
    recoupmentIds: new Set(recoupments.map((recoupment) => recoupment.id)),
  });
  const named = new Set(checked.sets.flatMap((set) => collectIds(set.shares)));
  return {
    ...checked,
    outsiders: known.filter((row) => !row.related && named.has(row.id)),
  };
}

/**
 * Records who the sets pay: new collaborators get an account and an activation link, people of
 * other accounts an invitation, and the account's own people are remembered as its payees.
 */
async function recordSplitPayees(
  tx: Queryable,
  accountId: string,
  checked: CheckedWithPayees,
  publicUrl: string,
  metadata: EventMetadata,
): Promise<void> {
  await inviteCollaborators(tx, checked, publicUrl, metadata);
  const outsiders = new Set(checked.outsiders.map((person) => person.id));
  for (const person of checked.outsiders) {
    await invitePayee(tx, accountId, person, publicUrl, metadata);
  }
  await addAccountPayees(
    tx,
    accountId,
    checked.sets.flatMap((set) => collectIds(set.shares)).filter((id) => !outsiders.has(id)),
    metadata,
  );
}

async function inviteCollaborators(
  tx: Queryable,
  checked: CheckedSplits,
  publicUrl: string,
  metadata: EventMetadata,
): Promise<void> {
  for (const invitation of checked.invitations) {
    await inviteCollaborator(tx, invitation.email, invitation.userId, publicUrl, metadata);
  }
}

/** The account-wide default sets (ENGINE.md scope `{ default: true }`), in their saved order. */
export async function readDefaultSplitSets(tx: Queryable, accountId: string): Promise<SplitSet[]> {
  const rows = await tx.query<SplitSetRow>(
    `select id, code, kind, to_char(start_date, 'YYYY-MM-DD') as start_date, priority, trigger, shares
       from split_sets where account_id = $1 and product_id is null and code is null
      order by position`,
    [accountId],
  );
  return rows.map((row) => toSplitSet(row, { default: true }));
}

export interface DefaultSplitsCommand {
  accountId: string;
  version: number;
  splitSets: readonly SplitSetInput[];
  publicUrl: string;
}

/**
 * Replaces the account's default split sets after the same checks as a product's; the
 * version is the account stream's, checked before the account's payees are recorded on it.
 */
export async function setDefaultSplits(
  tx: Queryable,
  command: DefaultSplitsCommand,
  metadata: EventMetadata,
): Promise<SplitSet[]> {
  await lockAccountResults(tx, command.accountId);
  const checked = await checkWithPayees(tx, command.accountId, command.splitSets, null, []);
  const before = await readDefaultSplitSets(tx, command.accountId);
  await appendAfterCheck(
    tx,
    `account-${command.accountId}`,
    command.version,
    [{ type: 'DefaultSplitsChanged', data: { before, after: checked.sets } }],
    metadata,
  );
  await recordSplitPayees(tx, command.accountId, checked, command.publicUrl, metadata);
  return checked.sets;
}

/** A collaborator named by e-mail: their own person account, pending until they activate it. */
export async function inviteCollaborator(
  tx: Queryable,
  email: string,
  userId: string | null,
  publicUrl: string,
  metadata: EventMetadata,
): Promise<string> {
  const accountId = await openAccount(tx, email, 'person', metadata);
  const id = await registerUser(
    tx,
    { accountId, username: email, fullname: email, roles: ['collaborator'], passwordHash: null },
    metadata,
    userId ?? undefined,
  );
  await sendAccountLink(
    tx,
    'activate',
    { id, username: email, fullname: email, language: 'en' },
    publicUrl,
    metadata,
  );
  return id;
}

/** Remembers which payees work with an account, so the label finds them on its Payees page. */
export async function addAccountPayees(
  tx: Queryable,
  accountId: string,
  userIds: readonly string[],
  metadata: EventMetadata,
): Promise<void> {
  const known = await tx.query<{ user_id: string }>(
    'select user_id from account_payees where account_id = $1',
    [accountId],
  );
  const already = new Set(known.map((row) => row.user_id));
  const fresh = [...new Set(userIds)].filter((id) => !already.has(id));
  if (fresh.length === 0) return;
  const stream = `account-${accountId}`;
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    fresh.map((userId) => ({ type: 'AccountPayeeAdded' as const, data: { userId } })),
    metadata,
  );
}

function collectIds(
  shares: readonly { payeeId?: string; members?: readonly unknown[] }[],
): string[] {
  return shares.flatMap((share) => [
    ...(share.payeeId ? [share.payeeId] : []),
    ...(share.members ? collectIds(share.members as { payeeId?: string }[]) : []),
  ]);
}

function collectEmails(
  shares: readonly { email?: string; members?: readonly unknown[] }[],
): string[] {
  return shares.flatMap((share) => [
    ...(share.email ? [normalUsername(share.email)] : []),
    ...(share.members ? collectEmails(share.members as { email?: string }[]) : []),
  ]);
}
