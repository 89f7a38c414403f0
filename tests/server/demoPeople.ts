// People and labels a test adds for itself, so that what it reads (their balance, bank account,
// payments, e-mails, lock, business) is theirs alone whatever ran before it in the file.
import type { Role } from '../../rules/permissions';
import { openAccount, registerUser } from '../../server/services/registration';
import { login, type LoggedIn, type TestPortal } from './harness';

const metadataAt = (portal: TestPortal) => ({
  actor: null,
  emulatingActor: null,
  at: portal.clock.now(),
});

/** The demo people's password hash: people added by tests sign in with the demo password. */
async function demoPasswordHash(portal: TestPortal): Promise<string> {
  const [demo] = await portal.db.query<{ password_hash: string }>(
    "select password_hash from users where username = 'label@demo.label'",
  );
  if (!demo) throw new Error('the demo label is not in this database');
  return demo.password_hash;
}

/**
 * Registers `username` in the demo label's account (or the portal's, for staff), or in
 * `accountId`, with the demo password, and answers their user id.
 */
export async function addDemoPerson(
  portal: TestPortal,
  person: {
    username: string;
    fullname: string;
    roles?: Role[];
    language?: string;
    accountId?: string;
  },
): Promise<string> {
  const roles = person.roles ?? ['payee'];
  const staff = roles.includes('admin') || roles.includes('overseer');
  const [demo] = await portal.db.query<{ account_id: string }>(
    'select account_id from users where username = $1',
    [staff ? 'admin@demo.label' : 'label@demo.label'],
  );
  const passwordHash = await demoPasswordHash(portal);
  return portal.db.transaction((tx) =>
    registerUser(
      tx,
      {
        accountId: person.accountId ?? demo?.account_id ?? '',
        username: person.username,
        fullname: person.fullname,
        roles,
        ...(person.language ? { language: person.language } : {}),
        passwordHash,
      },
      metadataAt(portal),
    ),
  );
}

/** A label account of the test's own, its owner `ownerUsername` signed in; nothing else in it. */
export async function openLabel(
  portal: TestPortal,
  name: string,
  ownerUsername: string,
): Promise<{ accountId: string; ownerId: string; owner: LoggedIn }> {
  const accountId = await portal.db.transaction((tx) =>
    openAccount(tx, name, 'label', metadataAt(portal)),
  );
  const ownerId = await addDemoPerson(portal, {
    username: ownerUsername,
    fullname: `${name} Owner`,
    roles: ['owner'],
    accountId,
  });
  return { accountId, ownerId, owner: await login(portal.app, ownerUsername) };
}
