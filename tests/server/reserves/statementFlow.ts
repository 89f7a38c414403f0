// A demo-label statement of one song with rows of chosen stores (iTunes sells downloads, Spotify
// streams), taken through the API to the result, and what the ledger holds afterwards.
import { expect } from 'vitest';
import { createDemoProduct, get, write, type LoggedIn, type TestPortal } from '../harness';
import { addDemoPerson } from '../demoPeople';
import { distroKidHeader } from '../import/helpers';
import { uploadStatement } from '../multipart';

/** One DistroKid row of `isrc` in `month` at `store` (iTunes: a download; Spotify: a stream). */
export const row = (month: string, store: string, isrc: string, earnings: string) =>
  `${month}-05\t${month}\t${store}\tAria Vale\tReserve Song\t${isrc}\t\t1\t100\tSong\tUS\t0\t${earnings}\n`;

/** Two new payees of the demo label sharing a new single of `isrc` `pcts` ways; their ids. */
export async function songOf(
  portal: TestPortal,
  lena: LoggedIn,
  isrc: string,
  pcts: readonly string[],
): Promise<{ productId: string; payees: string[] }> {
  const payees: string[] = [];
  for (const [index] of pcts.entries()) {
    payees.push(
      await addDemoPerson(portal, {
        username: `reserve-${isrc.toLowerCase()}-${index}@demo.label`,
        fullname: `Reserve Payee ${isrc} ${index + 1}`,
      }),
    );
  }
  const product = (
    await createDemoProduct(portal, {
      title: `Reserve Song ${isrc}`,
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    })
  ).json();
  const splits = await write(portal.app, lena, 'PUT', `/api/products/${product.id}/splits`, {
    version: product.version,
    splitSets: [
      {
        scope: 'product',
        kind: 'base',
        shares: pcts.map((pct, index) => ({ payeeId: payees[index], pct })),
      },
    ],
  });
  expect(splits.statusCode, splits.body).toBe(200);
  return { productId: product.id as string, payees };
}

let uploads = 0;

/** Uploaded, run without waiting for funds and calculated: the statement's id, not yet approved. */
export async function calculated(
  portal: TestPortal,
  lena: LoggedIn,
  month: string,
  rows: string,
): Promise<string> {
  const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
    .id as string;
  const uploaded = await uploadStatement(
    portal.app,
    lena,
    { distributor: distroKid, report_month: month, expected: null },
    [{ filename: `reserves-${month}-${(uploads += 1)}.tsv`, content: distroKidHeader() + rows }],
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await portal.app.jobs.drain();
  const id = uploaded.json()[0].id as string;
  const act = (action: string) =>
    write(portal.app, lena, 'POST', `/api/statements/${id}/${action}`, {});
  expect((await act('expedite')).statusCode).toBe(200);
  expect((await act('calculate')).statusCode).toBe(200);
  await portal.app.jobs.drain();
  return id;
}

export async function approve(portal: TestPortal, lena: LoggedIn, id: string): Promise<void> {
  const approved = await write(portal.app, lena, 'POST', `/api/statements/${id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
}

/** The label's reserve rules replaced by `rules`, from the version in force. */
export async function setRules(portal: TestPortal, lena: LoggedIn, rules: object[]) {
  const { version } = (await get(portal.app, lena, '/api/reserve-rules')).json();
  const saved = await write(portal.app, lena, 'PUT', '/api/reserve-rules', { version, rules });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

/** The exact balance of a ledger account in USD: credits less debits ('0' when none). */
export async function balanceOf(portal: TestPortal, account: string): Promise<string> {
  const [row] = await portal.db.query<{ balance: string }>(
    `select coalesce(trim_scale(sum(amount)), 0)::text as balance from (
       select amount from ledger_transfers where credit_account = $1 and currency = 'USD'
       union all
       select -amount from ledger_transfers where debit_account = $1 and currency = 'USD') moves`,
    [account],
  );
  return row?.balance ?? '0';
}
