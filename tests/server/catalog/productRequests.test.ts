// A new release imported without staff: the label asks for a product for a statement's unknown
// code, the overseer creates it in one step (the statement is checked again) or refuses it with a
// reason the label reads; only the label's catalog managers ask, only overseers decide, and a
// label never sees another label's requests.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRequest } from '../../../api/productRequests';
import { hashPassword } from '../../../server/auth/passwords';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { openAccount, registerUser } from '../../../server/services/registration';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { uploadStatement } from '../multipart';

const PASSWORD = 'Request-label-2026!';

describe('a product requested by the label', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let otto: LoggedIn;
  let distroKid: string;
  let isrcs = 0;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    otto = await login(portal.app, 'overseer@demo.label');
    distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0].id;
  });
  afterAll(() => portal.close());

  /** A statement of `who`'s label naming a code no product has: its id and the code. */
  const statementWithNewCode = async (who: LoggedIn) => {
    isrcs += 1;
    const isrc = `QZREQ26${String(isrcs).padStart(5, '0')}`;
    const uploaded = await uploadStatement(
      portal.app,
      who,
      { distributor: distroKid, report_month: '2026-09', expected: null },
      [
        {
          filename: `new-${isrc}.tsv`,
          content: DISTROKID_HEADER + distroKidLine({ earnings: '12', isrc }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const statementId = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
    return { statementId, isrc };
  };

  const ask = (who: LoggedIn, statementId: string, isrc: string, title = 'First Light') =>
    write(portal.app, who, 'POST', '/api/product-requests', {
      statementId,
      title,
      type: 'single',
      codes: [{ code: isrc, kind: 'isrc' }],
    });

  const requestsOf = async (who: LoggedIn, query = '') => {
    const answer = await get(portal.app, who, `/api/product-requests${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: ProductRequest[] }>().items;
  };

  it('is created by the overseer in one step, and the statement no longer misses the code', async () => {
    const { statementId, isrc } = await statementWithNewCode(lena);
    const before = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(before.missingCodes).toBe(1);

    const asked = await ask(lena, statementId, isrc);
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<ProductRequest>().id;
    expect(await requestsOf(lena, `?statementId=${statementId}`)).toMatchObject([
      { id: requestId, status: 'requested', title: 'First Light', accountName: 'Demo Records' },
    ]);
    // In the overseer's queue.
    expect((await requestsOf(otto, '?status=requested')).map((r) => r.id)).toContain(requestId);

    const created = await write(
      portal.app,
      otto,
      'POST',
      `/api/product-requests/${requestId}/create`,
    );
    expect(created.statusCode, created.body).toBe(200);
    const productId = created.json<ProductRequest>().productId ?? '';
    const product = (await get(portal.app, lena, `/api/products/${productId}`)).json();
    expect(product).toMatchObject({ title: 'First Light', codes: [{ code: isrc, kind: 'isrc' }] });

    const after = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(after.missingCodes).toBe(0);
    const missing = (
      await get(portal.app, lena, `/api/statements/${statementId}/missing-codes`)
    ).json();
    expect(missing.items).toEqual([]);
    expect(await requestsOf(lena, `?statementId=${statementId}`)).toMatchObject([
      { id: requestId, status: 'created', productId },
    ]);

    const events = await portal.db.query<{ type: string; actor: string }>(
      `select type, actor from events where data->>'requestId' = $1 order by seq`,
      [requestId],
    );
    expect(events.map((event) => event.type)).toEqual([
      'ProductRequested',
      'ProductRequestFulfilled',
    ]);
    const people = await portal.db.query<{ id: string; username: string }>(
      `select id, username from users where username in ('label@demo.label', 'overseer@demo.label')`,
    );
    const idOf = (username: string) => people.find((person) => person.username === username)?.id;
    expect(events.map((event) => event.actor)).toEqual([
      idOf('label@demo.label'),
      idOf('overseer@demo.label'),
    ]);
  });

  it('is refused with a reason the label reads, and then neither created nor refused again', async () => {
    const { statementId, isrc } = await statementWithNewCode(lena);
    const requestId = (await ask(lena, statementId, isrc, 'Not Ours')).json<ProductRequest>().id;
    const blank = await write(
      portal.app,
      otto,
      'POST',
      `/api/product-requests/${requestId}/refuse`,
      {
        reason: '   ',
      },
    );
    expect(blank.statusCode).toBe(400);
    const refused = await write(
      portal.app,
      otto,
      'POST',
      `/api/product-requests/${requestId}/refuse`,
      {
        reason: 'This ISRC belongs to another label.',
      },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await requestsOf(lena, `?statementId=${statementId}`)).toMatchObject([
      {
        id: requestId,
        status: 'refused',
        reason: 'This ISRC belongs to another label.',
        productId: null,
      },
    ]);
    for (const decision of ['create', 'refuse']) {
      const again = await write(
        portal.app,
        otto,
        'POST',
        `/api/product-requests/${requestId}/${decision}`,
        {
          reason: 'Twice',
        },
      );
      expect(again.statusCode, decision).toBe(409);
      expect(again.json().message).toBe('This request was already decided.');
    }
    const after = (await get(portal.app, lena, `/api/statements/${statementId}`)).json();
    expect(after.missingCodes).toBe(1);
    const events = await portal.db.query<{ type: string }>(
      `select type from events where data->>'requestId' = $1 order by seq`,
      [requestId],
    );
    expect(events.map((event) => event.type)).toEqual([
      'ProductRequested',
      'ProductRequestRefused',
    ]);
  });

  it("is asked only by the label's catalog managers, and decided only by overseers", async () => {
    const { statementId, isrc } = await statementWithNewCode(lena);
    const paco = await login(portal.app, 'payee@demo.label');
    expect((await ask(paco, statementId, isrc)).statusCode).toBe(403);
    // Staff ask nothing of themselves: the statement is not of their account.
    expect((await ask(otto, statementId, isrc)).statusCode).toBe(404);
    const requestId = (await ask(lena, statementId, isrc)).json<ProductRequest>().id;
    const ada = await login(portal.app, 'admin@demo.label');
    for (const who of [lena, paco, ada]) {
      const created = await write(
        portal.app,
        who,
        'POST',
        `/api/product-requests/${requestId}/create`,
      );
      expect(created.statusCode).toBe(403);
      const refused = await write(
        portal.app,
        who,
        'POST',
        `/api/product-requests/${requestId}/refuse`,
        {
          reason: 'No',
        },
      );
      expect(refused.statusCode).toBe(403);
    }
    expect((await requestsOf(lena, `?statementId=${statementId}`))[0]?.status).toBe('requested');
  });

  it("never shows a label another label's requests, nor lets it ask on another's statement", async () => {
    // Labels of their own, each with an owner and a statement naming a code no product has.
    const hash = await hashPassword(PASSWORD);
    const labels: { who: LoggedIn; accountId: string; statementId: string; isrc: string }[] = [];
    for (let n = 0; n < 4; n += 1) {
      const metadata = { actor: null, emulatingActor: null, at: portal.clock.now() };
      const username = `owner${n}@requests.example`;
      const accountId = await portal.db.transaction(async (tx) => {
        const account = await openAccount(tx, `Request Label ${n}`, 'label', metadata);
        await registerUser(
          tx,
          {
            accountId: account,
            username,
            fullname: `Owner ${n}`,
            roles: ['owner'],
            passwordHash: hash,
          },
          metadata,
        );
        return account;
      });
      const who = await login(portal.app, username, PASSWORD);
      labels.push({ who, accountId, ...(await statementWithNewCode(who)) });
    }
    const asked = new Map<string, string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.nat(3),
            on: fc.nat(3),
            title: fc.string({ minLength: 1, maxLength: 20 }),
          }),
          {
            maxLength: 6,
          },
        ),
        async (requests) => {
          for (const { from, on, title } of requests) {
            const asking = labels[from];
            const statementOf = labels[on];
            if (!asking || !statementOf) continue;
            const answer = await ask(
              asking.who,
              statementOf.statementId,
              statementOf.isrc,
              `T ${title}`,
            );
            if (from !== on) {
              expect(answer.statusCode).toBe(404);
              continue;
            }
            expect(answer.statusCode, answer.body).toBe(201);
            asked.set(answer.json<ProductRequest>().id, asking.accountId);
          }
          for (const label of labels) {
            const seen = await requestsOf(label.who);
            const own = [...asked]
              .filter(([, account]) => account === label.accountId)
              .map(([id]) => id);
            expect(seen.every((request) => request.accountId === label.accountId)).toBe(true);
            expect(seen.map((request) => request.id).sort()).toEqual(own.sort());
            for (const other of labels.filter((candidate) => candidate !== label)) {
              const theirs = await requestsOf(label.who, `?statementId=${other.statementId}`);
              expect(theirs).toEqual([]);
            }
          }
        },
      ),
      { numRuns: 12, seed: 20261128 },
    );
    expect(asked.size).toBeGreaterThan(0);
  }, 120_000);

  it('is rebuilt from the log as it was, requested, created and refused', async () => {
    const { statementId, isrc } = await statementWithNewCode(lena);
    const created = (await ask(lena, statementId, isrc, 'Kept')).json<ProductRequest>().id;
    await write(portal.app, otto, 'POST', `/api/product-requests/${created}/create`);
    const again = await statementWithNewCode(lena);
    const refused = (await ask(lena, again.statementId, again.isrc, 'Gone')).json<ProductRequest>();
    await write(portal.app, otto, 'POST', `/api/product-requests/${refused.id}/refuse`, {
      reason: 'Not a release of this label.',
    });
    const before = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    const after = await dumpReadModels(portal.db);
    expect(after.product_requests).toEqual(before.product_requests);
    expect(after.product_requests?.length).toBeGreaterThanOrEqual(2);
    expect(after.accounts).toEqual(before.accounts);
  });
});
