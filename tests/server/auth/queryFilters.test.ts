// Every read of /api/openapi.json with a query parameter that names an id (an artist, a product, a
// payee, an account, a statement, a payment...), called by each person of two label accounts with
// the other account's ids: it answers exactly what it answers without that parameter, or refuses.
// A filter that quietly narrows to another account's rows (or widens to them) fails here, and so
// does a route added with an id parameter this walk does not know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/seed';
import { get, login, write, type LoggedIn, type TestPortal, startPortal } from '../harness';
import { DISTROKID_HEADER } from '../import/helpers';
import { uploadStatement } from '../multipart';
import { apiRoutes, idFor, streams, type ApiRoute } from '../openapi';
import { demoLabel, openSecondLabel, SECOND_PASSWORD, type AccountFixture } from '../tenancy';

type Home = 'demo' | 'second';

/** The people of both label accounts; staff read every account by design and are not walked. */
const CALLERS: { username: string; password: string; home: Home }[] = [
  { username: 'label@demo.label', password: DEMO_PASSWORD, home: 'demo' },
  { username: 'payee@demo.label', password: DEMO_PASSWORD, home: 'demo' },
  { username: 'artist@demo.label', password: DEMO_PASSWORD, home: 'demo' },
  { username: 'warranter@demo.label', password: DEMO_PASSWORD, home: 'demo' },
  { username: 'owner@zephyr.example', password: SECOND_PASSWORD, home: 'second' },
  { username: 'payee@zephyr.example', password: SECOND_PASSWORD, home: 'second' },
];

/** Parameters naming rows that belong to no account: the same for every caller by design. */
const INSTALL_WIDE = new Set(['distributorId']);

const ID_LIKE =
  /^(account|artist|product|payee|statement|payment|user|stream|actor|emulatingActor)$|Ids?$/;

/** The other account's ids a query parameter could name; null when this walk does not know it. */
function foreignIds(parameter: string, other: AccountFixture): string[] | null {
  const people = Object.values(other.users);
  const byParameter: Record<string, string[]> = {
    account: [other.accountId],
    accountId: [other.accountId],
    artist: [other.artistId],
    product: [other.productId],
    payee: people,
    user: people,
    userId: people,
    actor: people,
    emulatingActor: people,
    statement: [other.statementId],
    statementId: [other.statementId],
    payment: [other.paymentId],
    stream: [`artist-${other.artistId}`, `account-${other.accountId}`],
    streamId: [`artist-${other.artistId}`, `account-${other.accountId}`],
  };
  return byParameter[parameter] ?? null;
}

function queryParameters(route: ApiRoute): string[] {
  const parameters = (route.operation as { parameters?: { in: string; name: string }[] })
    .parameters;
  return (parameters ?? []).filter((parameter) => parameter.in === 'query').map((p) => p.name);
}

/** A cashless statement of the product's code in `month`, calculated and approved by `who`. */
async function settle(portal: TestPortal, who: LoggedIn, isrc: string, month: string) {
  const distributors = (await get(portal.app, who, '/api/distributors?q=DistroKid')).json();
  const distroKid = (distributors.items as { id: string }[])[0]?.id;
  const row = `${month}-05\t${month}\tSpotify\tBand\tSong\t${isrc}\t\t3\t100\tSong\tUS\t0\t12.34\n`;
  const uploaded = await uploadStatement(
    portal.app,
    who,
    { distributor: distroKid, report_month: month, expected: null, cashless: true },
    [{ filename: `${isrc}-${month}.tsv`, content: DISTROKID_HEADER + row }],
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await portal.app.jobs.drain();
  const id = uploaded.json<{ id: string }[]>()[0]?.id ?? '';
  const calculated = await write(portal.app, who, 'POST', `/api/statements/${id}/calculate`, {});
  expect(calculated.statusCode, calculated.body).toBe(200);
  await portal.app.jobs.drain();
  const approved = await write(portal.app, who, 'POST', `/api/statements/${id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
}

describe('filters across accounts', () => {
  let portal: TestPortal;
  let accounts: Record<Home, AccountFixture>;

  beforeAll(async () => {
    portal = await startPortal({ rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
    portal.app.log.level = 'silent';
    const second = await openSecondLabel(portal);
    const demo = await demoLabel(portal);
    accounts = { demo, second };
    // Both accounts' songs belong to an artist and both have approved figures, so every filter
    // has something of the other account to reach.
    const zora = await login(portal.app, 'owner@zephyr.example', SECOND_PASSWORD);
    const product = (await get(portal.app, zora, `/api/products/${second.productId}`)).json();
    const linked = await write(portal.app, zora, 'PATCH', `/api/products/${second.productId}`, {
      version: product.version,
      artistId: second.artistId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await settle(portal, zora, second.isrc, '2026-08');
    await settle(portal, await login(portal.app, 'label@demo.label'), demo.isrc, '2026-08');
  }, 300_000);
  afterAll(() => portal.close());

  it("answers every read as without the other account's id, or refuses it", async () => {
    const routes = apiRoutes(portal.app).filter(
      (route) =>
        route.method === 'GET' &&
        !streams(route) &&
        queryParameters(route).some((name) => ID_LIKE.test(name) && !INSTALL_WIDE.has(name)),
    );
    const failures: string[] = [];
    const tried = new Set<string>();
    let calls = 0;
    let refused = 0;
    for (const caller of CALLERS) {
      const who = await login(portal.app, caller.username, caller.password);
      const own = accounts[caller.home];
      const other = accounts[caller.home === 'demo' ? 'second' : 'demo'];
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const where = `${caller.username}: ${key}`;
        // A path names the caller's own resource: only the query reaches across.
        let missingId = false;
        const path = route.path.replace(/\{([^}]+)\}/g, (_whole, parameter: string) => {
          const id = idFor(route.path, parameter, own);
          if (id === null) missingId = true;
          return encodeURIComponent(id ?? 'unknown');
        });
        if (missingId) {
          failures.push(`${where}: add the resource of this path to idFor()`);
          continue;
        }
        const without = await get(portal.app, who, path);
        calls += 1;
        for (const parameter of queryParameters(route)) {
          if (!ID_LIKE.test(parameter) || INSTALL_WIDE.has(parameter)) continue;
          const ids = foreignIds(parameter, other);
          if (ids === null) {
            failures.push(
              `${where}: add the other account's ids for ?${parameter}= to foreignIds()`,
            );
            continue;
          }
          tried.add(`${key} ${parameter}`);
          for (const id of ids) {
            const url = `${path}${path.includes('?') ? '&' : '?'}${parameter}=${encodeURIComponent(id)}`;
            const answer = await get(portal.app, who, url);
            calls += 1;
            const status = answer.statusCode;
            if (status >= 500) failures.push(`${where}?${parameter}= answered ${status}`);
            else if (status >= 400) {
              refused += 1;
              for (const secret of other.secrets)
                if (answer.body.includes(secret))
                  failures.push(
                    `${where}?${parameter}= refused with "${secret}" of the other account`,
                  );
            } else if (status !== without.statusCode || answer.body !== without.body)
              failures.push(
                `${where}?${parameter}=<${caller.home === 'demo' ? 'second' : 'demo'}'s id> answered ${status}, ` +
                  `not what it answers without it (${without.statusCode}): ${answer.body.slice(0, 160)}`,
              );
          }
        }
      }
    }
    console.info(
      `filters across accounts: ${routes.length} routes, ${tried.size} route parameters, ${CALLERS.length} callers: ${calls} calls, ${refused} refused, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
