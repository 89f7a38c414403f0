import { parseArgs } from 'node:util';
import { isSecurePassword, PASSWORD_MESSAGES } from '../../rules/passwords';
import { hashPassword } from '../auth/passwords';
import { roles } from '../auth/permissions';
import { HttpError } from '../errors';
import type { AccountType, Role } from '../events/types';
import { isEmail, openAccount, registerUser } from '../services/registration';
import { openConfiguredDatabase } from './environment';
import { normalUsername } from '../../rules/usernames';

const usage =
  'Usage: npm run account -- create --username EMAIL --role ROLE [--name "Full Name"] [--account "Account name"]\n' +
  '       The password is read from standard input.\n' +
  `       Roles: ${roles.join(', ')}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    account: { type: 'string' },
  },
});

if (positionals[0] !== 'create') fail(usage);
const username = normalUsername(values.username ?? '');
if (!isEmail(username)) fail('Not a valid email');
const role = values.role as Role | undefined;
if (!role || !roles.includes(role)) fail(`Unknown role. ${usage}`);

const password = (await readStdin()).replace(/\r?\n$/, '');
if (!isSecurePassword(password)) {
  fail(PASSWORD_MESSAGES.passwordRule);
}

const accountType: AccountType = role === 'admin' || role === 'overseer' ? 'admin' : 'label';
const fullname = values.name ?? username;
const db = await openConfiguredDatabase();
try {
  const passwordHash = await hashPassword(password);
  const metadata = { actor: null, emulatingActor: null, at: new Date() };
  await db.transaction(async (tx) => {
    const accountId = await openAccount(tx, values.account ?? fullname, accountType, metadata);
    await registerUser(
      tx,
      { accountId, username, fullname, roles: [role], passwordHash },
      metadata,
    );
  });
  console.log(`Created ${username} (${role}).`);
} catch (error) {
  if (error instanceof HttpError) fail(error.message);
  throw error;
} finally {
  await db.close();
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
