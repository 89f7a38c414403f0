// A pending result deducts the distributor take it was calculated with: the label's default take
// for the statement's distributor set again afterwards makes it stale, as a split change does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAKE_CHANGED } from '../../../server/statements/takeChanges';
import { SERVER_TEXT_KEYS } from '../../../src/i18n/serverTextKeys';
import {
  createDemoProduct,
  get,
  login,
  startPortal,
  write,
  type LoggedIn,
  type TestPortal,
} from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';

const ISRC = 'QZDM12677711';

describe('a pending result whose distributor take was changed since it was calculated', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const label = (
      await portal.db.query<{ id: string }>(
        "select id from users where username = 'label@demo.label'",
      )
    )[0]?.id;
    const created = await createDemoProduct(portal, {
      title: 'Take Song',
      type: 'single',
      codes: [{ code: ISRC, kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const splits = await write(
      portal.app,
      lena,
      'PUT',
      `/api/products/${created.json().id}/splits`,
      {
        version: created.json().version,
        splitSets: [{ scope: 'product', kind: 'base', shares: [{ payeeId: label, pct: '100' }] }],
      },
    );
    expect(splits.statusCode, splits.body).toBe(200);
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  /** A statement of 100 for the song, uploaded in `month`, its own take set when given. */
  async function pendingStatement(month: string, ownTake: string | null): Promise<string> {
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null, cashless: true },
      [
        {
          filename: `${month}.tsv`,
          content:
            DISTROKID_HEADER +
            distroKidLine({ isrc: ISRC, earnings: '100' }).replace('\t2026-09\t', `\t${month}\t`),
        },
      ],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    const id = answer.json()[0].id as string;
    if (ownTake !== null) {
      const own = await write(portal.app, lena, 'POST', `/api/statements/${id}/take`, {
        takePct: ownTake,
      });
      expect(own.statusCode, own.body).toBe(200);
    }
    await calculate(id);
    return id;
  }
  const act = (id: string, action: string) =>
    write(portal.app, lena, 'POST', `/api/statements/${id}/${action}`, {});
  const calculate = async (id: string) => {
    expect((await act(id, 'calculate')).statusCode).toBe(200);
    await portal.app.jobs.drain();
  };
  const setDefaultTake = async (takePct: string) => {
    const set = await write(portal.app, lena, 'PUT', `/api/distributors/${distroKid}/take`, {
      takePct,
    });
    expect(set.statusCode, set.body).toBe(200);
  };
  /** What the label, paid all of the song, gets: the revenue less the take. */
  const net = async (id: string) =>
    (await get(portal.app, lena, `/api/statements/${id}/payees`)).json().items[0].payout as string;

  it('refuses to approve a result calculated before the default take changed, until calculated again', async () => {
    await setDefaultTake('10');
    const id = await pendingStatement('2026-05', null);
    expect(await net(id)).toBe('90');
    await setDefaultTake('20');

    const refused = await act(id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TAKE_CHANGED);
    // The browser shows the refusal in the user's language.
    expect(SERVER_TEXT_KEYS[TAKE_CHANGED]).toBe('statements.stale.take-refused');
    const statement = (await get(portal.app, lena, `/api/statements/${id}`)).json();
    expect(statement.status).toBe('pending-approval');

    await calculate(id);
    expect(await net(id)).toBe('80');
    expect((await act(id, 'approve')).json().status).toBe('ready');
  });

  it('approves a statement with its own take, which the default does not change', async () => {
    await setDefaultTake('10');
    const id = await pendingStatement('2026-06', '5');
    await setDefaultTake('30');
    expect(await net(id)).toBe('95');
    expect((await act(id, 'approve')).json().status).toBe('ready');
  });
});
