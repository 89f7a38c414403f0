// A second label account beside the demo one, for the tests that prove no account reaches another.
import { hashPassword } from '../../server/auth/passwords';
import { createProduct } from '../../server/catalog/service';
import { setProductSplits } from '../../server/catalog/splitSets';
import type { Queryable } from '../../server/db/database';
import type { ProductDetails } from '../../server/events/types';
import { openAccount, registerUser } from '../../server/services/registration';
import { get, login, write, type LoggedIn, type TestPortal } from './harness';
import { DISTROKID_HEADER } from './import/helpers';
import { multipart, uploadStatement } from './multipart';

export const SECOND_PASSWORD = 'Second-label-2026!';

/** Everything of one account a test refers to, and the texts that must never leak from it. */
export interface AccountFixture {
  accountId: string;
  accountName: string;
  /** username → user id, for every login of the account. */
  users: Record<string, string>;
  productId: string;
  artistId: string;
  statementId: string;
  recoupmentId: string;
  /** A payment of the statement to one of the account's payees, and its transaction. */
  paymentId: string;
  transactionId: string;
  /** One of the account's beneficial owners (its business). */
  beneficialOwnerId: string;
  /** An ID document one of the account's people uploaded on their Account page. */
  documentId: string;
  /** The account's intake key for DistroKid: its id and the key a partner sends statements with. */
  intakeKey: { id: string; secret: string };
  /** A layout of the account's own for DistroKid. */
  layoutId: string;
  isrc: string;
  /** Texts only this account's own people (and staff) may ever read. */
  secrets: string[];
}

/** A product's details with only a title and a label name set. */
export const productDetails = (title: string, label: string | null): ProductDetails => ({
  title,
  altTitle: null,
  subtitle: null,
  productType: 'single',
  genre: null,
  durationSeconds: null,
  copyright: null,
  territory: null,
  label,
  labelArtist: null,
  artistId: null,
  tags: [],
  visibility: 'full',
  revenueView: 'net',
});

const statementFile = (isrc: string) =>
  `${DISTROKID_HEADER}2026-09-05\t2026-06\tSpotify\tZephyr Band\tSecret Tune\t${isrc}\t\t10\t100\tSong\tUS\t0\t7.5\n`;

/** Opens a second label account with an owner, a payee, an artist, a split product and a statement. */
export async function openSecondLabel(portal: TestPortal): Promise<AccountFixture> {
  const metadata = { actor: null, emulatingActor: null, at: portal.clock.now() };
  const passwordHash = await hashPassword(SECOND_PASSWORD);
  const accountName = 'Zephyr Second Label';
  const isrc = 'QZSEC2600001';
  const { accountId, users, productId } = await portal.db.transaction(async (tx: Queryable) => {
    const account = await openAccount(tx, accountName, 'label', metadata);
    const owner = await registerUser(
      tx,
      {
        accountId: account,
        username: 'owner@zephyr.example',
        fullname: 'Zora Zephyrowner',
        roles: ['owner'],
        passwordHash,
      },
      metadata,
    );
    const payee = await registerUser(
      tx,
      {
        accountId: account,
        username: 'payee@zephyr.example',
        fullname: 'Quill Zephyrpayee',
        roles: ['payee'],
        passwordHash,
      },
      metadata,
    );
    const product = await createProduct(
      tx,
      account,
      productDetails('Zephyr Secret Product', accountName),
      [{ code: isrc, kind: 'isrc' }],
      metadata,
    );
    await setProductSplits(
      tx,
      {
        productId: product,
        version: 1,
        publicUrl: 'http://localhost',
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: owner, pct: '50' },
              { payeeId: payee, pct: '50' },
            ],
          },
        ],
      },
      metadata,
    );
    return {
      accountId: account,
      users: { 'owner@zephyr.example': owner, 'payee@zephyr.example': payee },
      productId: product,
    };
  });

  const owner = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
  const artist = await write(portal.app, owner, 'POST', '/api/artists', {
    name: 'Zephyr Secret Artist',
  });
  if (artist.statusCode !== 201) throw new Error(`artist: ${artist.statusCode} ${artist.body}`);
  const distributors = (await get(portal.app, owner, '/api/distributors?q=DistroKid')).json();
  const distroKid = (distributors.items as { id: string; name: string }[]).find(
    (item) => item.name === 'DistroKid',
  );
  const uploaded = await uploadStatement(
    portal.app,
    owner,
    { distributor: distroKid?.id, report_month: '2026-06', expected: '7.50' },
    [{ filename: 'zephyr-june.tsv', content: statementFile(isrc) }],
  );
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode}`);
  const statementId = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
  const recoupmentId = await createRecoupmentAs(portal, owner, {
    title: 'Zephyr Secret Advance',
    creditorId: users['owner@zephyr.example'],
    debtorIds: [users['payee@zephyr.example']],
  });

  const details = await write(portal.app, owner, 'PUT', '/api/business/details', {
    businessName: 'Zephyr Secret Business LLC',
    dba: null,
    businessType: 'llc',
    classification: 'record-label',
    ein: '74-7654321',
    address: {
      street: '1 Zephyr Road',
      suite: '',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
    },
  });
  if (details.statusCode !== 200) throw new Error(`business: ${details.statusCode}`);
  const owned = await write(portal.app, owner, 'POST', '/api/business/owners', {
    firstName: 'Zed',
    lastName: 'Secretowner',
    ownershipPct: '60',
    birthdate: null,
    address: null,
    ssnLast4: null,
  });
  if (owned.statusCode !== 200) throw new Error(`owner: ${owned.statusCode}`);

  return {
    accountId,
    accountName,
    users,
    beneficialOwnerId: owned.json<{ owners: { id: string }[] }>().owners[0]?.id ?? '',
    documentId: await idDocument(portal, owner),
    intakeKey: await createIntakeKey(portal, owner, distroKid?.id ?? '', 'Zephyr Secret Key'),
    layoutId: await addLayout(portal, owner, distroKid?.id ?? '', 'Zephyr Secret Layout'),
    productId,
    artistId: artist.json<{ id: string }>().id,
    statementId,
    recoupmentId,
    ...(await preparedPayment(portal, statementId, users['payee@zephyr.example'] ?? '')),
    isrc,
    secrets: [
      accountName,
      'Zephyr Secret Advance',
      'Zora Zephyrowner',
      'Quill Zephyrpayee',
      'Zephyr Secret Product',
      'Zephyr Secret Artist',
      'Zephyr Secret Business LLC',
      'Secretowner',
      'Zephyr Secret Key',
      'Zephyr Secret Layout',
      isrc,
    ],
  };
}

/** The demo label's own fixture, read from the seeded install. */
export async function demoLabel(portal: TestPortal): Promise<AccountFixture> {
  const account = await portal.db.query<{ id: string }>(
    "select id from accounts where name = 'Demo Records'",
  );
  const accountId = account[0]?.id ?? '';
  const users = await portal.db.query<{ id: string; username: string }>(
    'select id, username from users where account_id = $1',
    [accountId],
  );
  const product = await portal.db.query<{ id: string; title: string; code: string }>(
    `select p.id, p.title, c.code from products p join product_codes c on c.product_id = p.id
      where p.account_id = $1 and c.kind = 'isrc' order by p.title limit 1`,
    [accountId],
  );
  const artist = await portal.db.query<{ id: string; name: string }>(
    'select id, name from artists where account_id = $1 order by name limit 1',
    [accountId],
  );
  const lena = await login(portal.app, 'label@demo.label');
  const distributors = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json();
  const distroKid = (distributors.items as { id: string; name: string }[]).find(
    (item) => item.name === 'DistroKid',
  );
  const isrc = product[0]?.code ?? '';
  const people = Object.fromEntries(users.map((user) => [user.username, user.id]));
  const recoupmentId = await createRecoupmentAs(portal, lena, {
    title: 'Demo Tour Support',
    creditorId: people['label@demo.label'],
    debtorIds: [people['artist@demo.label']],
  });
  const uploaded = await uploadStatement(
    portal.app,
    lena,
    { distributor: distroKid?.id, report_month: '2026-05', expected: '7.50' },
    [{ filename: 'demo-may.tsv', content: statementFile(isrc) }],
  );
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode}`);
  const statementId = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
  const owners = await portal.db.query<{ id: string }>(
    'select id from beneficial_owners where account_id = $1 order by id limit 1',
    [accountId],
  );
  return {
    accountId,
    accountName: 'Demo Records',
    beneficialOwnerId: owners[0]?.id ?? '',
    documentId: await idDocument(portal, await login(portal.app, 'payee@demo.label')),
    intakeKey: await createIntakeKey(portal, lena, distroKid?.id ?? '', 'Demo Intake Key'),
    layoutId: await addLayout(portal, lena, distroKid?.id ?? '', 'Demo Own Layout'),
    users: people,
    productId: product[0]?.id ?? '',
    artistId: artist[0]?.id ?? '',
    statementId,
    recoupmentId,
    ...(await preparedPayment(portal, statementId, people['payee@demo.label'] ?? '')),
    isrc,
    secrets: [
      'Demo Tour Support',
      'Lena Label',
      'Paco Payee',
      'Demo Intake Key',
      'Demo Own Layout',
      product[0]?.title ?? '',
      artist[0]?.name ?? '',
    ],
  };
}

/**
 * A payment and its transaction as an approval prepares them (statements.payments.ts), written
 * straight into the tables: these suites check who may read them, not how they are made.
 */
/** A passport scan the person uploads on their Account page; answers its id. */
async function idDocument(portal: TestPortal, who: LoggedIn): Promise<string> {
  const body = multipart([
    { name: 'kind', value: 'passport' },
    {
      name: 'file',
      filename: 'passport.pdf',
      content: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    },
  ]);
  const uploaded = await portal.app.inject({
    method: 'POST',
    url: '/api/settings/documents',
    cookies: who.cookies,
    headers: { ...body.headers, 'x-csrf-token': who.csrf },
    payload: body.payload,
  });
  if (uploaded.statusCode !== 201 && uploaded.statusCode !== 200) {
    throw new Error(`document: ${uploaded.statusCode} ${uploaded.body}`);
  }
  const list = await get(portal.app, who, '/api/settings/documents');
  return list.json<{ items: { id: string }[] }>().items[0]?.id ?? '';
}

async function preparedPayment(portal: TestPortal, statementId: string, payeeId: string) {
  const paymentId = `payment-of-${statementId}`;
  const transactionId = `transaction-of-${statementId}`;
  await portal.db.query(
    `insert into payments (id, statement_id, payee_id, amount, currency, state, origin, created_at)
     values ($1, $2, $3, '7.5', 'USD', 'NONE', 'proceeds', now())`,
    [paymentId, statementId, payeeId],
  );
  await portal.db.query(
    `insert into transactions (id, payment_id, amount, currency, status, passback, created_at)
     values ($1, $2, '7.5', 'USD', 'PREPARE', false, now())`,
    [transactionId, paymentId],
  );
  return { paymentId, transactionId };
}

/** POST /api/intake-keys as `who`: a key of their account for the distributor; answers it whole. */
export async function createIntakeKey(
  portal: TestPortal,
  who: LoggedIn,
  distributorId: string,
  name: string,
): Promise<{ id: string; secret: string }> {
  const created = await write(portal.app, who, 'POST', '/api/intake-keys', { distributorId, name });
  if (created.statusCode !== 201)
    throw new Error(`intake key: ${created.statusCode} ${created.body}`);
  const answer = created.json<{ key: { id: string }; secret: string }>();
  return { id: answer.key.id, secret: answer.secret };
}

/** POST /api/layouts as `who`: a layout of their account's own for the distributor; its id. */
export async function addLayout(
  portal: TestPortal,
  who: LoggedIn,
  distributorId: string,
  name: string,
): Promise<string> {
  const added = await write(portal.app, who, 'POST', '/api/layouts', {
    distributorId,
    layout: {
      name,
      headers: ['Month', 'Shop', 'Recording Code', 'Pieces', 'Payout'],
      fields: {
        codes: [{ column: 'Recording Code', kind: 'isrc' }],
        date: { columns: ['Month'] },
        service: { columns: ['Shop'] },
        units: { columns: ['Pieces'] },
        revenue: { columns: ['Payout'] },
      },
    },
  });
  if (added.statusCode !== 201) throw new Error(`layout: ${added.statusCode} ${added.body}`);
  return added.json<{ id: string }>().id;
}

/** POST /api/recoupments as `who`: an advance of 1000 recouped from all the debtors' earnings. */
async function createRecoupmentAs(
  portal: TestPortal,
  who: LoggedIn,
  fields: Record<string, unknown>,
): Promise<string> {
  const created = await write(portal.app, who, 'POST', '/api/recoupments', {
    type: 'advance',
    amount: '1000',
    recoupablePct: '50',
    ...fields,
  });
  if (created.statusCode !== 201)
    throw new Error(`recoupment: ${created.statusCode} ${created.body}`);
  return created.json<{ id: string }>().id;
}

/**
 * A digest of everything an account holds and every tie another account has to its people:
 * equal before and after a request means the request changed nothing of it.
 */
export async function accountDigest(db: Queryable, accountId: string): Promise<string> {
  const rows = await db.query<{ digest: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(',', id, username, fullname, roles::text, status, language,
                                    password_hash, version), ';' order by id)
          from users where account_id = $1),
       (select string_agg(concat_ws(',', id, title, version), ';' order by id)
          from products where account_id = $1),
       (select string_agg(concat_ws(',', code, product_id), ';' order by code)
          from product_codes where product_id in (select id from products where account_id = $1)),
       (select string_agg(concat_ws(',', id, name, version), ';' order by id)
          from artists where account_id = $1),
       (select string_agg(concat_ws(',', artist_id, user_id), ';' order by artist_id, user_id)
          from artist_users where artist_id in (select id from artists where account_id = $1)
             or user_id in (select id from users where account_id = $1)),
       -- An invitation another account sends is not a tie until the person accepts it.
       (select string_agg(concat_ws(',', account_id, user_id), ';' order by account_id, user_id)
          from account_payees where account_id = $1
             or (status = 'accepted' and user_id in (select id from users where account_id = $1))),
       (select string_agg(concat_ws(',', id, title, version), ';' order by id)
          from statements where account_id = $1),
       (select string_agg(concat_ws(',', id, title, status, amount, remaining, version), ';' order by id)
          from recoupments where account_id = $1),
       (select string_agg(concat_ws(',', account_id, distributor_id, take_pct), ';' order by distributor_id)
          from distributor_takes where account_id = $1),
       (select string_agg(concat_ws(',', business_name, ein_encrypted, certified_at, version), ';')
          from business_profiles where account_id = $1),
       (select string_agg(concat_ws(',', id, first_name, ownership_pct, ssn_last4_encrypted), ';' order by id)
          from beneficial_owners where account_id = $1),
       (select string_agg(concat_ws(',', id, kind, name, sha256), ';' order by id)
          from person_documents where user_id in (select id from users where account_id = $1)),
       (select string_agg(concat_ws(',', id, name, key_hash, revoked_at, version), ';' order by id)
          from intake_keys where account_id = $1),
       (select string_agg(concat_ws(',', id, name, layout::text, version), ';' order by id)
          from account_layouts where account_id = $1)
     )) as digest`,
    [accountId],
  );
  return rows[0]?.digest ?? '';
}
