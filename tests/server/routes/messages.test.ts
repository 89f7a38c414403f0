import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostedMessage, ShownMessages } from '../../../api/messages';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { MESSAGE_NOT_CANCELABLE } from '../../../server/routes/messages';
import { addDemoPerson, openLabel } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

let portal: TestPortal;
let admin: LoggedIn;

beforeAll(async () => {
  portal = await startPortal();
  admin = await login(portal.app, 'admin@demo.label');
});
afterAll(() => portal.close());

const message = (fields: Partial<Record<string, unknown>> = {}) => ({
  audience: 'everyone',
  type: 'info',
  title: 'Maintenance',
  message: 'The portal pauses on Sunday at 02:00 UTC.',
  cancelable: true,
  ...fields,
});

async function post(body: Record<string, unknown>): Promise<PostedMessage> {
  const response = await write(portal.app, admin, 'POST', '/api/messages', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PostedMessage>();
}

async function mine(who: LoggedIn): Promise<string[]> {
  const response = await get(portal.app, who, '/api/messages/mine');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShownMessages>().items.map((item) => item.title);
}

const clear = (id: string) => write(portal.app, admin, 'DELETE', `/api/messages/${id}`);

describe('banner messages', () => {
  it('are posted, edited and cleared by an admin, each an event of the audit naming who and what', async () => {
    const { owner } = await openLabel(portal, 'Banner Label', 'owner@banner.label');
    const posted = await post(message({ title: 'Posted title' }));
    expect(await mine(owner)).toContain('Posted title');

    const edited = await write(portal.app, admin, 'PATCH', `/api/messages/${posted.id}`, {
      ...message({ title: 'Edited title', type: 'warning' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<PostedMessage>()).toMatchObject({ title: 'Edited title', type: 'warning' });
    expect(await mine(owner)).toContain('Edited title');
    expect(await mine(owner)).not.toContain('Posted title');

    expect((await clear(posted.id)).statusCode).toBe(204);
    expect(await mine(owner)).not.toContain('Edited title');
    expect((await clear(posted.id)).statusCode).toBe(404);

    const audit = await get(
      portal.app,
      admin,
      `/api/events?streamType=message&streamId=${posted.id}&order=asc`,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const events = audit.json<{
      items: { type: string; actor: { id: string } | string | null; data: { title?: string } }[];
    }>().items;
    expect(events.map((event) => event.type)).toEqual([
      'MessagePosted',
      'MessageEdited',
      'MessageCleared',
    ]);
    expect(events[1]?.data.title).toBe('Edited title');
    const [adminRow] = await portal.db.query<{ id: string }>(
      "select id from users where username = 'admin@demo.label'",
    );
    for (const event of events) expect(JSON.stringify(event.actor)).toContain(adminRow?.id);

    // The log alone gives the same messages back: posted, edited, cleared.
    const live = (await dumpReadModels(portal.db)).messages;
    await replayAll(portal.db);
    expect((await dumpReadModels(portal.db)).messages).toEqual(live);
    expect(live?.length).toBeGreaterThan(0);
  });

  it('are written only by admins; an overseer, a label owner and a payee are refused', async () => {
    const posted = await post(message({ title: 'Only admins' }));
    for (const username of ['overseer@demo.label', 'label@demo.label', 'payee@demo.label']) {
      const who = await login(portal.app, username);
      expect((await get(portal.app, who, '/api/messages')).statusCode).toBe(403);
      expect((await write(portal.app, who, 'POST', '/api/messages', message())).statusCode).toBe(
        403,
      );
      expect(
        (await write(portal.app, who, 'PATCH', `/api/messages/${posted.id}`, message())).statusCode,
      ).toBe(403);
      expect(
        (await write(portal.app, who, 'DELETE', `/api/messages/${posted.id}`)).statusCode,
      ).toBe(403);
    }
    expect((await portal.app.inject({ method: 'GET', url: '/api/messages/mine' })).statusCode).toBe(
      401,
    );
    await clear(posted.id);
  });

  it('stay closed for the person who closed a cancelable one, on a new sign-in too, and only for them', async () => {
    const { accountId, owner } = await openLabel(portal, 'Closing Label', 'owner@closing.label');
    await addDemoPerson(portal, {
      username: 'payee@closing.label',
      fullname: 'Closing Payee',
      accountId,
    });
    const colleague = await login(portal.app, 'payee@closing.label');
    const closable = await post(message({ audience: 'account', accountId, title: 'Closable' }));
    const fixed = await post(
      message({ audience: 'account', accountId, title: 'Fixed', cancelable: false }),
    );

    const dismissed = await write(
      portal.app,
      owner,
      'POST',
      `/api/messages/${closable.id}/dismiss`,
    );
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    const refused = await write(portal.app, owner, 'POST', `/api/messages/${fixed.id}/dismiss`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGE_NOT_CANCELABLE);

    const again = await login(portal.app, 'owner@closing.label');
    expect(await mine(again)).toEqual(expect.arrayContaining(['Fixed']));
    expect(await mine(again)).not.toContain('Closable');
    expect(await mine(colleague)).toEqual(expect.arrayContaining(['Closable', 'Fixed']));

    // Another label's person cannot close it: for them it does not exist.
    const stranger = await login(portal.app, 'label@demo.label');
    expect(
      (await write(portal.app, stranger, 'POST', `/api/messages/${fixed.id}/dismiss`)).statusCode,
    ).toBe(404);
    await clear(closable.id);
    await clear(fixed.id);
  });

  it("give the login page only the messages posted for it, never an account's or everyone's", async () => {
    const { accountId } = await openLabel(portal, 'Login Label', 'owner@login.label');
    const forLogin = await post(message({ audience: 'login', title: 'Sign-in notice' }));
    const forAccount = await post(message({ audience: 'account', accountId, title: 'Label only' }));
    const forEveryone = await post(message({ title: 'Everyone signed in' }));
    const answer = await portal.app.inject({ method: 'GET', url: '/api/messages/login' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ShownMessages>().items.map((item) => item.title)).toEqual([
      'Sign-in notice',
    ]);
    // Nor is the login page's message in anyone's banner.
    const owner = await login(portal.app, 'owner@login.label');
    expect(await mine(owner)).not.toContain('Sign-in notice');
    for (const posted of [forLogin, forAccount, forEveryone]) await clear(posted.id);
  });

  it("answer each person exactly the messages for everyone and for their own account: never another label's", async () => {
    const labels = await Promise.all(
      ['North', 'South', 'East'].map((name) =>
        openLabel(portal, `${name} Records`, `owner@${name.toLowerCase()}.label`),
      ),
    );
    const audiences = fc.oneof(
      fc.constant<'everyone' | 'login'>('everyone'),
      fc.constant<'everyone' | 'login'>('login'),
      fc.integer({ min: 0, max: labels.length - 1 }),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(audiences, { minLength: 1, maxLength: 5 }), async (targets) => {
        runs += 1;
        const posted = [];
        for (const [index, target] of targets.entries()) {
          const title = `Run ${runs} message ${index}`;
          const body =
            typeof target === 'number'
              ? message({ audience: 'account', accountId: labels[target]?.accountId, title })
              : message({ audience: target, title });
          posted.push({ target, title, id: (await post(body)).id });
        }
        for (const [index, label] of labels.entries()) {
          const expected = posted
            .filter(({ target }) => target === 'everyone' || target === index)
            .map(({ title }) => title);
          expect((await mine(label.owner)).sort()).toEqual(expected.sort());
        }
        for (const { id } of posted) await clear(id);
      }),
      { seed: 20261129, numRuns: 12 },
    );
    expect(runs).toBe(12);
  });
});
