import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { appendToStream } from '../events/store';
import { SHIPPED_TEMPLATES } from '../import/templates';

/**
 * Every install, even one without the demo, knows the distributors whose layouts the portal
 * ships, under their own names and ready for upload. Ones already there are left as they are.
 */
export async function ensureShippedDistributors(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.query<{ name: string }>('select name from distributors');
    const known = new Set(existing.map((row) => row.name.toLowerCase()));
    for (const template of SHIPPED_TEMPLATES) {
      if (known.has(template.name.toLowerCase())) continue;
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
