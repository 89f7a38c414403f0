// A person of the demo label a test adds for itself, so that what it reads (their balance, bank
// account, payments, e-mails, lock) is theirs alone whatever ran before it in the file.
import type { Role } from '../../rules/permissions';
import { registerUser } from '../../server/services/registration';
import type { TestPortal } from './harness';

/**
 * Registers `username` in the demo label's account (or the portal's, for staff), with the demo
 * password, and answers their user id. The password's hash is the demo people's own: no hashing.
 */
export async function addDemoPerson(
  portal: TestPortal,
  person: { username: string; fullname: string; roles?: Role[]; language?: string },
): Promise<string> {
  const roles = person.roles ?? ['payee'];
  const staff = roles.includes('admin') || roles.includes('overseer');
  const [demo] = await portal.db.query<{ account_id: string; password_hash: string }>(
    'select account_id, password_hash from users where username = $1',
    [staff ? 'admin@demo.label' : 'label@demo.label'],
  );
  if (!demo) throw new Error('the demo label is not in this database');
  return portal.db.transaction((tx) =>
    registerUser(
      tx,
      {
        accountId: demo.account_id,
        username: person.username,
        fullname: person.fullname,
        roles,
        ...(person.language ? { language: person.language } : {}),
        passwordHash: demo.password_hash,
      },
      { actor: null, emulatingActor: null, at: portal.clock.now() },
    ),
  );
}
