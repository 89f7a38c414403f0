import type { Queryable } from '../db/database';
import { accountProjector } from './projectors/account';
import { accountLayoutProjector } from './projectors/accountLayout';
import { artistProjector } from './projectors/artist';
import { bankAccountProjector } from './projectors/bankAccount';
import { bankFileOriginatorProjector } from './projectors/bankFileOriginator';
import { bankFileProjector } from './projectors/bankFile';
import { booksProjector } from './projectors/books';
import { businessProjector } from './projectors/business';
import { distributorProjector } from './projectors/distributor';
import { intakeKeyProjector } from './projectors/intakeKey';
import { messageProjector } from './projectors/message';
import { paymentProjector } from './projectors/payment';
import { paymentSettingsProjector } from './projectors/paymentSettings';
import { periodProjector } from './projectors/period';
import { personProjector } from './projectors/person';
import { productProjector } from './projectors/product';
import { recoupmentProjector } from './projectors/recoupment';
import { reserveRulesProjector, reservesProjector } from './projectors/reserve';
import type { Projection, Projector } from './projectors/projector';
import { statementProjector } from './projectors/statement';
import { taxFormProjector } from './projectors/taxForm';
import { userProjector } from './projectors/user';
import type { PortalEvent, StoredEvent } from './types';

/** Every event type's projection: an event type or stream without one fails to compile. */
const projectors: Projector<PortalEvent> = {
  ...accountProjector,
  ...userProjector,
  ...artistProjector,
  ...distributorProjector,
  ...productProjector,
  ...statementProjector,
  ...recoupmentProjector,
  ...paymentProjector,
  ...bankAccountProjector,
  ...paymentSettingsProjector,
  ...personProjector,
  ...businessProjector,
  ...intakeKeyProjector,
  ...accountLayoutProjector,
  ...bankFileOriginatorProjector,
  ...bankFileProjector,
  ...messageProjector,
  ...reserveRulesProjector,
  ...reservesProjector,
  ...periodProjector,
  ...booksProjector,
  ...taxFormProjector,
};

/** Stream ids are `<kind>-<entity id>`; the entity id is everything after the first dash. */
export function entityOf(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

/**
 * Updates the read-model tables for one event. Live commands and replay both call this,
 * so the tables depend on the log alone (times come from the event, never from now()).
 */
export async function project(tx: Queryable, event: StoredEvent): Promise<void> {
  // The map's type pairs each type with its projection; TypeScript cannot follow that through
  // an index, so the lookup is widened by hand. The log is data: guard against unknown types.
  const projection = projectors[event.type] as Projection<PortalEvent> | undefined;
  if (!projection) throw new Error(`No projection for event ${JSON.stringify(event)}`);
  await projection(tx, event, {
    id: entityOf(event.streamId),
    at: event.at.toISOString(),
    version: event.streamVersion,
  });
}
