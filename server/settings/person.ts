import type { PersonDetails, PersonDetailsChange } from '../../api/settings';
import {
  normalisePhone,
  PERSON_MESSAGES,
  personProblems,
  readSsn,
} from '../../rules/personDetails';
import type { Queryable } from '../db/database';
import { BadRequestError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata, PersonEvent } from '../events/types';
import { encrypt } from '../dataKey';

export const personStream = (userId: string) => `person-${userId}`;

export async function readPersonDetails(
  db: Queryable,
  userId: string,
  editable: boolean,
): Promise<PersonDetails> {
  const rows = await db.query<{
    phone: string;
    birthdate: string | null;
    street: string;
    suite: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
    ssn_last4: string | null;
    ssn_kind: 'last4' | 'full' | null;
  }>(
    `select phone, to_char(birthdate, 'YYYY-MM-DD') as birthdate, street, suite, city, state,
            postal_code, country, ssn_last4, ssn_kind
       from person_details where user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return {
    phone: row?.phone ?? '',
    birthdate: row?.birthdate ?? '',
    address: {
      street: row?.street ?? '',
      suite: row?.suite ?? '',
      city: row?.city ?? '',
      state: row?.state ?? '',
      postalCode: row?.postal_code ?? '',
      country: row?.country ?? '',
    },
    ssn: row?.ssn_last4 && row.ssn_kind ? { kind: row.ssn_kind, last4: row.ssn_last4 } : null,
    editable,
  };
}

/**
 * Saves the person's details after checking each field; the SSN is encrypted before it is kept
 * anywhere, the log included, and only its last 4 digits are kept beside it.
 */
export async function changePersonDetails(
  tx: Queryable,
  dataKey: () => Buffer,
  userId: string,
  change: PersonDetailsChange,
  metadata: EventMetadata,
): Promise<void> {
  const address = {
    street: change.address.street.trim(),
    suite: change.address.suite.trim(),
    city: change.address.city.trim(),
    state: change.address.state.trim(),
    postalCode: change.address.postalCode.trim().toUpperCase(),
    country: change.address.country.trim().toUpperCase(),
  };
  const person = { phone: change.phone.trim(), birthdate: change.birthdate.trim(), address };
  const ssn = change.ssn?.trim() ?? '';
  const problems = personProblems(person, ssn, metadata.at);
  const errors = Object.entries(problems).flatMap(([path, problem]) =>
    problem ? [{ path, message: PERSON_MESSAGES[problem] }] : [],
  );
  if (errors.length > 0) throw new BadRequestError(errors[0]?.message ?? '', errors);
  const reading = ssn === '' ? null : readSsn(ssn);
  const event: PersonEvent = {
    type: 'PersonDetailsChanged',
    data: {
      phone: person.phone === '' ? '' : normalisePhone(person.phone, address.country),
      birthdate: person.birthdate === '' ? null : person.birthdate,
      address,
      ...(reading && 'digits' in reading
        ? {
            ssn: {
              encrypted: encrypt(dataKey(), reading.digits),
              last4: reading.digits.slice(-4),
              kind: reading.kind,
            },
          }
        : {}),
    },
  };
  const stream = personStream(userId);
  await appendToStream(tx, stream, await streamVersion(tx, stream), [event], metadata);
}
