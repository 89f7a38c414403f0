// An address that only looks like one already taken (another script's letters, fullwidth letters,
// invisible characters, marks) is not a new person: refused when invited, named in a split or
// chosen as a new username, with the words used for a taken address.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalUsername, usernameSkeleton } from '../../../rules/usernames';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';

const EMAIL_TAKEN = 'This email address is already associated with an existing account.';

/** Look-alikes of Latin letters a person could be fooled by, one list per letter. */
const DISGUISES: Record<string, string[]> = {
  a: ['а', 'А', 'α', 'Α', 'ａ', 'Ａ', '𝐚', 'ɑ'],
  b: ['В', 'Β', 'ｂ'],
  c: ['с', 'С', 'ϲ', 'ｃ'],
  d: ['ԁ', 'ｄ'],
  e: ['е', 'Е', 'Ε', 'ｅ', 'ⅇ'],
  h: ['һ', 'Н', 'Η', 'հ'],
  i: ['і', 'І', 'ι', 'Ι', 'ı', 'ｉ'],
  j: ['ј', 'ϳ'],
  k: ['К', 'κ', 'Κ'],
  l: ['ӏ', 'Ӏ', 'ｌ', 'ℓ'],
  m: ['М', 'Μ', 'ｍ'],
  n: ['Ν', 'ｎ'],
  o: ['о', 'О', 'ο', 'Ο', 'օ', 'ｏ', '𝗈'],
  p: ['р', 'Р', 'ρ', 'Ρ', 'ｐ'],
  s: ['ѕ', 'Ѕ', 'ｓ'],
  t: ['Т', 'Τ', 'ｔ'],
  u: ['υ', 'ս', 'ｕ'],
  x: ['х', 'Х', 'χ', 'Χ'],
  y: ['у', 'У', 'ү', 'Υ', 'γ', 'ｙ'],
  z: ['Ζ', 'ｚ'],
  '@': ['＠'],
  '.': ['．'],
};
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const MARKS = ['\u0301', '\u0300', '\u0308', '\u0327', '\u0323'];

/** The address, with some letters swapped for look-alikes and unseen characters slipped in. */
const disguised = (address: string) =>
  fc
    .array(
      fc.record({
        at: fc.nat(),
        how: fc.constantFrom('look-alike', 'invisible', 'mark', 'capital'),
        pick: fc.nat(),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((changes) => {
      const characters = [...address];
      for (const { at, how, pick } of changes) {
        const index = at % characters.length;
        const character = characters[index] ?? '';
        const choices = DISGUISES[character.toLowerCase()];
        if (how === 'look-alike' && choices) characters[index] = choices[pick % choices.length]!;
        if (how === 'invisible')
          characters[index] = character + INVISIBLE[pick % INVISIBLE.length]!;
        if (how === 'mark' && /[a-z]/.test(character))
          characters[index] = character + MARKS[pick % MARKS.length]!;
        if (how === 'capital') characters[index] = character.toUpperCase();
      }
      return characters.join('');
    });

describe('what a username looks like', () => {
  it('is the same for every disguise of an address', () => {
    const addresses = ['payee@demo.label', 'admin@demo.label', 'lena.hooks@example.com'];
    fc.assert(
      fc.property(
        fc
          .constantFrom(...addresses)
          .chain((address) => disguised(address).map((look) => ({ address, look }))),
        ({ address, look }) => usernameSkeleton(look) === address,
      ),
      { numRuns: 600, seed: 20261128 },
    );
  });

  it('keeps plain addresses apart: an ASCII address is its own look, in lower case', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...' !#.0123456789@ABCXYZabcilmnorxyz~') }),
        (text) => usernameSkeleton(text) === text.toLowerCase().trim(),
      ),
      { numRuns: 500, seed: 20261128 },
    );
    expect(usernameSkeleton('rn@demo.label')).not.toBe(usernameSkeleton('m@demo.label'));
  });

  it('keeps a username as plain letters in lower case', () => {
    expect(normalUsername(' ＰＡＹＥＥ＠ｄｅｍｏ．ｌａｂｅｌ ')).toBe('payee@demo.label');
    expect(normalUsername('Lena@Example.COM')).toBe('lena@example.com');
  });
});

describe('addresses that look like a taken one', () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
  });
  afterAll(() => portal.close());

  const people = async () =>
    Number(
      (await portal.db.query<{ count: string }>('select count(*) as count from users'))[0]?.count,
    );

  // The label's own payee, and the admin, who belongs to no label.
  const LOOK_ALIKES = [
    ['Cyrillic р and е', 'рayеe@demo.label'],
    ['Greek ο', 'admin@demο.label'],
    ['fullwidth letters', 'ｐａｙｅｅ@demo.label'],
    ['a zero-width space', 'pay\u200bee@demo.label'],
    ['a zero-width joiner', 'ad\u200dmin@demo.label'],
    ['a combining accent', 'pa\u0301yee@demo.label'],
    ['capitals and a Cyrillic А', 'АDMIN@DEMO.LABEL'],
  ];

  it('refuses to invite one as a new person', async () => {
    const before = await people();
    for (const [how, email] of LOOK_ALIKES) {
      const invited = await write(portal.app, lena, 'POST', '/api/users', { email });
      expect(invited.statusCode, how).toBe(409);
      expect(invited.json().message, how).toBe(EMAIL_TAKEN);
    }
    expect(await people()).toBe(before);
    // A different address is a new person.
    const other = await write(portal.app, lena, 'POST', '/api/users', {
      email: 'payee2@demo.label',
    });
    expect(other.statusCode).toBe(201);
    expect(await people()).toBe(before + 1);
  });

  it('refuses one as a new username', async () => {
    const walt = await login(portal.app, 'warranter@demo.label');
    for (const [how, username] of LOOK_ALIKES) {
      const asked = await write(portal.app, walt, 'POST', '/api/settings/username', {
        username,
        password: 'Royalty-demo-2026!',
      });
      expect(asked.statusCode, how).toBe(400);
      expect(asked.json().message, how).toBe(EMAIL_TAKEN);
    }
    // Their own address in disguise is theirs already.
    const own = await write(portal.app, walt, 'POST', '/api/settings/username', {
      username: 'warrаnter@demo.label',
      password: 'Royalty-demo-2026!',
    });
    expect(own.json().message).toBe('This is already your username.');
    const profile = (await get(portal.app, walt, '/api/settings/profile')).json();
    expect(profile.pendingUsername ?? null).toBeNull();
  });
});
