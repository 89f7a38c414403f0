import { randomUUID } from 'node:crypto';
import { hashPassword } from './auth/passwords';
import type { Database } from './db/database';
import { appendToStream } from './events/store';
import type { CodeKind, EventMetadata, Role } from './events/types';
import { openAccount, registerUser } from './services/registration';

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

export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.query<{ count: string }>('select count(*)::text as count from accounts');
  return rows[0]?.count === '0';
}

/** A demo label with a catalog, payees and one login per account type, all written as events. */
export async function seedDemo(db: Database, now: Date): Promise<void> {
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

    const artistIds: string[] = [];
    for (const name of ['Aria Vale', 'The Night Shift']) {
      const artistId = randomUUID();
      artistIds.push(artistId);
      await appendToStream(
        tx,
        `artist-${artistId}`,
        0,
        [{ type: 'ArtistCreated', data: { artistId, accountId: labelAccount, name } }],
        metadata,
      );
    }

    const distributorId = randomUUID();
    await appendToStream(
      tx,
      `distributor-${distributorId}`,
      0,
      [
        {
          type: 'DistributorCreated',
          data: { distributorId, name: 'DistroKid', uploadable: true },
        },
      ],
      metadata,
    );

    const products: {
      title: string;
      productType: string;
      artistId: string | null;
      visibility: 'full' | 'limited';
      codes: { code: string; kind: CodeKind }[];
      shares: { payeeId: string; pct: string }[];
    }[] = [
      {
        title: 'Midnight Signals',
        productType: 'single',
        artistId: artistIds[0] ?? null,
        visibility: 'full',
        codes: [
          { code: 'QZDM12600001', kind: 'isrc' },
          { code: '859700000016', kind: 'upc' },
        ],
        shares: [
          { payeeId: payee('label@demo.label'), pct: '50' },
          { payeeId: payee('artist@demo.label'), pct: '30' },
          { payeeId: payee('payee@demo.label'), pct: '20' },
        ],
      },
      {
        title: 'Glass Harbor',
        productType: 'album',
        artistId: artistIds[0] ?? null,
        visibility: 'limited',
        codes: [
          { code: 'QZDM12600002', kind: 'isrc' },
          { code: '0859700000023', kind: 'upc' },
        ],
        shares: [
          { payeeId: payee('label@demo.label'), pct: '60' },
          { payeeId: payee('artist@demo.label'), pct: '27.5' },
          { payeeId: payee('payee@demo.label'), pct: '12.5' },
        ],
      },
      {
        title: 'Night Shift Live',
        productType: 'EP',
        artistId: artistIds[1] ?? null,
        visibility: 'full',
        codes: [{ code: 'NS-LIVE-2026', kind: 'custom' }],
        shares: [
          { payeeId: payee('label@demo.label'), pct: '70' },
          { payeeId: payee('payee@demo.label'), pct: '30' },
        ],
      },
    ];
    for (const product of products) {
      const productId = randomUUID();
      await appendToStream(
        tx,
        `product-${productId}`,
        0,
        [
          {
            type: 'ProductCreated',
            data: {
              productId,
              accountId: labelAccount,
              title: product.title,
              productType: product.productType,
              artistId: product.artistId,
              visibility: product.visibility,
              revenueView: 'net',
              codes: product.codes,
            },
          },
          { type: 'ProductSplitsSet', data: { shares: product.shares } },
        ],
        metadata,
      );
    }
  });
}
