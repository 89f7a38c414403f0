import { randomUUID } from 'node:crypto';
import { hashPassword } from './auth/passwords';
import type { Database } from './db/database';
import { appendToStream, streamVersion } from './events/store';
import { PAYMENT_TERMS_VERSION } from '../rules/paymentTerms';
import { personStream } from './settings/person';
import { createProduct } from './catalog/service';
import { setProductSplits } from './catalog/splitSets';
import type { SplitSetInput } from './catalog/splits';
import type { CodeEntry, EventMetadata, ProductDetails, Role } from './events/types';
import { openAccount, registerUser } from './services/registration';
import { DEMO_ADDRESS, seedDemoBusiness } from './business/demo';
import { signTaxForm } from './taxForms/forms';

export const DEMO_PASSWORD = 'Royalty-demo-2026!';

export const demoLogins: { username: string; fullname: string; roles: Role[]; label: string }[] = [
  { username: 'admin@demo.label', fullname: 'Ada Admin', roles: ['admin'], label: 'admin' },
  {
    username: 'overseer@demo.label',
    fullname: 'Otto Overseer',
    roles: ['overseer'],
    label: 'overseer',
  },
  { username: 'label@demo.label', fullname: 'Lena Label', roles: ['owner'], label: 'label' },
  {
    username: 'payee@demo.label',
    fullname: 'Paco Payee',
    roles: ['payee', 'collaborator'],
    label: 'payee/collaborator',
  },
  { username: 'artist@demo.label', fullname: 'Aria Artist', roles: ['artist'], label: 'artist' },
  {
    username: 'warranter@demo.label',
    fullname: 'Walt Warranter',
    roles: ['warranter'],
    label: 'warranter',
  },
];

const emptyDetails: ProductDetails = {
  title: '',
  altTitle: null,
  subtitle: null,
  productType: 'single',
  genre: null,
  durationSeconds: null,
  copyright: null,
  territory: null,
  label: 'Demo Records',
  labelArtist: null,
  artistId: null,
  tags: [],
  visibility: 'full',
  revenueView: 'net',
};

export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.query<{ count: string }>('select count(*)::text as count from accounts');
  return rows[0]?.count === '0';
}

/**
 * A demo label with a catalog, payees and one login per account type, all written as events.
 * With the data key the label is also a certified business, so its people can be paid.
 */
export async function seedDemo(db: Database, now: Date, dataKey?: Buffer): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const metadata: EventMetadata = { actor: null, emulatingActor: null, at: now };
  await db.transaction(async (tx) => {
    const portalAccount = await openAccount(tx, 'Portal administration', 'admin', metadata);
    const labelAccount = await openAccount(tx, 'Demo Records', 'label', metadata);
    const ids: Record<string, string> = {};
    for (const login of demoLogins) {
      const staff = login.roles.includes('admin') || login.roles.includes('overseer');
      ids[login.username] = await registerUser(
        tx,
        {
          accountId: staff ? portalAccount : labelAccount,
          username: login.username,
          fullname: login.fullname,
          roles: login.roles,
          passwordHash,
        },
        metadata,
      );
    }
    const payee = (username: string) => ids[username] ?? '';
    if (dataKey) await seedDemoBusiness(tx, labelAccount, dataKey, metadata);

    // Aria Artist signs in as the artist Aria Vale: her login is linked to the artist.
    const artistIds: string[] = [];
    const artistLogins: Record<string, string> = { 'Aria Vale': 'artist@demo.label' };
    for (const name of ['Aria Vale', 'The Night Shift']) {
      const artistId = randomUUID();
      artistIds.push(artistId);
      const login = artistLogins[name];
      await appendToStream(
        tx,
        `artist-${artistId}`,
        0,
        [
          { type: 'ArtistCreated', data: { artistId, accountId: labelAccount, name } },
          ...(login ? [{ type: 'ArtistUserLinked' as const, data: { userId: payee(login) } }] : []),
        ],
        metadata,
      );
    }

    const label = payee('label@demo.label');
    const aria = payee('artist@demo.label');
    const paco = payee('payee@demo.label');
    // The demo's payees accepted the payment terms in force, each themself, so the demo pays.
    for (const person of [label, aria, paco]) {
      const stream = personStream(person);
      await appendToStream(
        tx,
        stream,
        await streamVersion(tx, stream),
        [
          {
            type: 'PaymentTermsAccepted',
            data: { version: PAYMENT_TERMS_VERSION, language: 'en' },
          },
        ],
        { ...metadata, actor: person },
      );
    }
    // They also signed a W-9 each, so the demo pays: a payee without a valid tax form is held.
    if (dataKey) {
      const demoSsns: Record<string, string> = {
        [label]: '401-22-1000',
        [aria]: '401-22-1001',
        [paco]: '401-22-1002',
      };
      for (const person of [label, aria, paco]) {
        await signTaxForm(
          tx,
          () => dataKey,
          person,
          {
            kind: 'w9',
            name: demoLogins.find((l) => ids[l.username] === person)?.fullname ?? '',
            tin: demoSsns[person] ?? '',
            address: { ...DEMO_ADDRESS, suite: '' },
            country: '',
            chapter3Status: '',
            treaty: null,
            signerName: demoLogins.find((l) => ids[l.username] === person)?.fullname ?? '',
            certify: true,
          },
          { ...metadata, actor: person },
        );
      }
    }
    const products: {
      details: Pick<ProductDetails, 'title' | 'productType' | 'visibility' | 'genre'> &
        Partial<ProductDetails>;
      codes: CodeEntry[];
      splitSets: SplitSetInput[];
    }[] = [
      {
        details: {
          title: 'Midnight Signals',
          productType: 'single',
          visibility: 'full',
          genre: 'Electronic',
          durationSeconds: 214,
          artistId: artistIds[0] ?? null,
        },
        codes: [
          { code: 'QZDM12600001', kind: 'isrc' },
          { code: '859700000016', kind: 'upc' },
        ],
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: label, pct: '50' },
              {
                groupId: 'band',
                pct: '50',
                members: [
                  { payeeId: aria, pct: '60' },
                  { payeeId: paco, pct: '40' },
                ],
              },
            ],
          },
          {
            scope: 'product',
            kind: 'conditional',
            priority: 1,
            trigger: { type: 'income', threshold: '7500', preCounted: '0' },
            shares: [
              { payeeId: label, pct: '40' },
              { payeeId: aria, pct: '35' },
              { payeeId: paco, pct: '25' },
            ],
          },
        ],
      },
      {
        details: {
          title: 'Glass Harbor',
          productType: 'album',
          visibility: 'limited',
          genre: 'Indie',
          artistId: artistIds[0] ?? null,
        },
        codes: [
          { code: 'QZDM12600002', kind: 'isrc' },
          { code: '0859700000023', kind: 'upc' },
        ],
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: label, pct: '60' },
              { payeeId: aria, pct: '27.5' },
              { payeeId: paco, pct: '12.5' },
            ],
          },
          {
            scope: 'product',
            kind: 'mechanical',
            shares: [
              { payeeId: aria, pct: '50' },
              { payeeId: label, balance: true },
            ],
          },
        ],
      },
      {
        details: {
          title: 'Night Shift Live',
          productType: 'EP',
          visibility: 'full',
          genre: 'Jazz',
          artistId: artistIds[1] ?? null,
        },
        codes: [{ code: 'NS-LIVE-2026', kind: 'custom' }],
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: label, pct: '70' },
              { payeeId: paco, pct: '30' },
            ],
          },
        ],
      },
    ];
    for (const product of products) {
      const productId = await createProduct(
        tx,
        labelAccount,
        { ...emptyDetails, ...product.details },
        product.codes,
        metadata,
      );
      await setProductSplits(
        tx,
        { productId, version: 1, splitSets: product.splitSets, publicUrl: '' },
        metadata,
      );
    }
  });
}
