import { createHash, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { appendToStream, streamVersion } from '../events/store';
import { SHIPPED_TEMPLATES } from '../import/templates';
import type { DistributorTemplate } from '../../rules/templateSchema';

/**
 * Every template this portal has shipped before the current one, by distributor name: the
 * SHA-256 of `canonicalJson(template)`. A stored template with one of these hashes was never
 * edited on the install, so it is replaced by the current shipped one; an edited template (any
 * other hash) is left alone. Append the current hash of a template here whenever it changes.
 */
export const PREVIOUSLY_SHIPPED: Readonly<Record<string, readonly string[]>> = {
  // Templates as first shipped (written from memory, before the check against public sources).
  DistroKid: [
    '2ac5cb7ba306b1711d9deb8768780b39b9e3ccbd93a7ce75e74de82f61c11415',
    // Checked against public sources, before the format classification by store.
    '33962c997f93d2bd4d623505c24267f911638cd175b32dd3ec5a909ae7536489',
  ],
  TuneCore: ['5205dfcf37e584a08804ab34f441ed8f6db45968657f5085665135042af32c25'],
  'CD Baby': ['27a70240bc485bb624016ee4641be42b88dc063d3b507b7d13d304107bc4d738'],
  'The Orchard': [
    'b8b4522eefd28330a8129a7ca744f4868ab8d52c04933403f53e4d7c8a6ba8bc',
    // Before the upper-case statement with NET SHARE ACCOUNT CURRENCY.
    'cb8c739e6f80aa2f00954b8a405a203f698dba35807c60dd907f8da23c3d5219',
    // Before DISPLAY UPC was read as the upper-case statement's release code.
    '5815d5bdf728e86f7832a7c65c96f9b02490112b83e2eff5a06524971c61d2af',
  ],
  Believe: [
    '32a265cf474e0834a2f8f125c6085381f81434528f09f679997945bf1b4a5049',
    // Before videos were told apart by Release type.
    '636a6c48f7de2520e827f67b25b01b22660a3760f38e55d3c01ea726422bb9e0',
  ],
  FUGA: ['2e91f56468a75b2127a084eea4a3fc59ef4686fb30413e7cafb52c368db30f33'],
  // The first template, kept until the Earnings Detail export was added.
  Symphonic: [
    '4a253afe62d04b79822728b3b06842cfa7990f42f5bfc931d66c6fb46d35ae7a',
    // Before the sale month was read from the Activity Period instead of the Reporting Period.
    '3055470ce2652a306a2dd246a05d9f7e6dc82f935789d274fe6ab52f6edf8913',
  ],
  Bandcamp: [
    '5ed0872a769201cf11d10f14640cbb8eb050951f65c83f0c50991889a3a6c46a',
    // Net amount as revenue, before item types were classified as downloads and packages.
    '20d7a7cdc8d24824a4978aec815bf5fe51d84e9b29824da30e5762c32e7c0cb3',
    // Before the export without item details, payouts left out and titles as keys.
    '24b16529d13d27da789782e1f5ec169fd21fe91dd22a08b1dd55f7db3d130e44',
  ],
  Apple: [
    '7ff54de010d77b17ed28db8f6d8128c96e5880c97466dd227f7763d502b6175a',
    // Before the music report's 'Title / Episode / Season' column.
    '4b4bd8e88e3c2750868cf14aa6a322083defc35553264ed4b63f5a699dd08c8e',
  ],
  // Shipped since the AWAL Workstation statement, Amuse's financial statement and iMusician's
  // sales report were added: no earlier template.
  AWAL: [],
  Amuse: [],
  iMusician: [],
  // First shipped with the asset revenue, Beatport and society layouts: no earlier template. A
  // distributor of the same name an install created itself keeps its own template.
  YouTube: [],
  Beatport: [],
  'PRS for Music': [],
  // First shipped with the Traxsource, Audius and MLC layouts.
  Traxsource: [],
  Audius: [],
  'The MLC': [],
};

/** JSON with object keys sorted, so a template read back from jsonb hashes as written. */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === 'object') {
      const object = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(object)
          .sort()
          .map((key) => [key, sort(object[key])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

export function templateHash(template: unknown): string {
  return createHash('sha256').update(canonicalJson(template)).digest('hex');
}

/**
 * Every install, even one without the demo, knows the distributors whose layouts the portal
 * ships, under their own names and ready for upload. Ones already there keep their name and
 * settings; their template is brought up to the shipped one only while it is still exactly a
 * template shipped before (never edited on this install).
 */
export async function ensureShippedDistributors(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.query<{ id: string; name: string; template: unknown }>(
      'select id, name, template from distributors',
    );
    const known = new Map(existing.map((row) => [row.name.toLowerCase(), row]));
    for (const template of SHIPPED_TEMPLATES) {
      const current = known.get(template.name.toLowerCase());
      if (current) {
        await upgradeUnedited(tx, current, template, now);
        continue;
      }
      const distributorId = randomUUID();
      await appendToStream(
        tx,
        `distributor-${distributorId}`,
        0,
        [
          {
            type: 'DistributorCreated',
            data: { distributorId, name: template.name, uploadable: true, template },
          },
        ],
        { actor: null, emulatingActor: null, at: now },
      );
    }
  });
}

async function upgradeUnedited(
  tx: Queryable,
  current: { id: string; template: unknown },
  template: DistributorTemplate,
  now: Date,
): Promise<void> {
  if (current.template === null || current.template === undefined) return;
  const stored: unknown =
    typeof current.template === 'string'
      ? (JSON.parse(current.template) as unknown)
      : current.template;
  const hash = templateHash(stored);
  if (hash === templateHash(template)) return;
  if (!(PREVIOUSLY_SHIPPED[template.name] ?? []).includes(hash)) return;
  const streamId = `distributor-${current.id}`;
  await appendToStream(
    tx,
    streamId,
    await streamVersion(tx, streamId),
    [
      {
        type: 'DistributorChanged',
        data: { before: { template: stored as DistributorTemplate }, after: { template } },
      },
    ],
    { actor: null, emulatingActor: null, at: now },
  );
}
