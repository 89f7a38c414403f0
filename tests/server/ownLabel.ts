// A label account of one test's own: what the test lists, counts, approves and replays in it is
// what that test did, whichever tests of its file ran before it.
import { hashPassword } from '../../server/auth/passwords';
import type { Queryable } from '../../server/db/database';
import { openAccount, registerUser } from '../../server/services/registration';
import { get, login, write, type LoggedIn, type TestPortal } from './harness';

export const OWN_LABEL_PASSWORD = 'Own-label-2026!';

/** The people of an own label: its owner, an artist and a payee who also collaborates. */
export type Person = 'owner' | 'artist' | 'payee';

const firstNames: Record<Person, string> = { owner: 'Lou', artist: 'Ari', payee: 'Pat' };
const roles = {
  owner: ['owner'],
  artist: ['artist'],
  payee: ['payee', 'collaborator'],
} as const;

export interface OwnLabel {
  accountId: string;
  /** `${surname} Records`. */
  accountName: string;
  /** User ids. */
  ids: Record<Person, string>;
  /** Full names, as payouts and splits show them: Lou, Ari and Pat with the label's surname. */
  names: Record<Person, string>;
  /** Usernames: owner@<surname>.example, artist@… and payee@…. */
  usernames: Record<Person, string>;
  login: (person: Person) => Promise<LoggedIn>;
}

let passwordHash: Promise<string> | null = null;

/**
 * Opens `${surname} Records` with Lou (owner), Ari (artist) and Pat (payee and collaborator)
 * `${surname}`. The surname makes the usernames: one label per surname in a database.
 */
export async function openLabel(portal: TestPortal, surname: string): Promise<OwnLabel> {
  passwordHash ??= hashPassword(OWN_LABEL_PASSWORD);
  const hash = await passwordHash;
  const metadata = { actor: null, emulatingActor: null, at: portal.clock.now() };
  const accountName = `${surname} Records`;
  const domain = `${surname.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}.example`;
  const people = ['owner', 'artist', 'payee'] as const;
  const names = Object.fromEntries(
    people.map((person) => [person, `${firstNames[person]} ${surname}`]),
  ) as Record<Person, string>;
  const usernames = Object.fromEntries(
    people.map((person) => [person, `${person}@${domain}`]),
  ) as Record<Person, string>;
  const { accountId, ids } = await portal.db.transaction(async (tx: Queryable) => {
    const account = await openAccount(tx, accountName, 'label', metadata);
    const registered: Partial<Record<Person, string>> = {};
    for (const person of people) {
      registered[person] = await registerUser(
        tx,
        {
          accountId: account,
          username: usernames[person],
          fullname: names[person],
          roles: [...roles[person]],
          passwordHash: hash,
        },
        metadata,
      );
    }
    return { accountId: account, ids: registered as Record<Person, string> };
  });
  return {
    accountId,
    accountName,
    ids,
    names,
    usernames,
    login: (person) => login(portal.app, usernames[person], OWN_LABEL_PASSWORD),
  };
}

/**
 * POST /api/products as the overseer (SPEC gives /products/add to overseers) into the label's
 * account: a single with one ISRC and no splits; answers the product as the API shows it.
 */
export async function addProduct(
  portal: TestPortal,
  label: OwnLabel,
  title: string,
  isrc: string,
): Promise<{ id: string; version: number; splitSets: unknown[] }> {
  const otto = await login(portal.app, 'overseer@demo.label');
  const created = await write(portal.app, otto, 'POST', '/api/products', {
    accountId: label.accountId,
    title,
    type: 'single',
    codes: [{ code: isrc, kind: 'isrc' }],
  });
  if (created.statusCode !== 201) throw new Error(`product: ${created.statusCode} ${created.body}`);
  return created.json<{ id: string; version: number; splitSets: unknown[] }>();
}

/** DistroKid's id, as `who` finds it in the distributor list. */
export async function distroKidId(portal: TestPortal, who: LoggedIn): Promise<string> {
  const list = (await get(portal.app, who, '/api/distributors?q=DistroKid')).json<{
    items: { id: string; name: string }[];
  }>();
  const distroKid = list.items.find((item) => item.name === 'DistroKid');
  if (!distroKid) throw new Error('DistroKid is not listed');
  return distroKid.id;
}
