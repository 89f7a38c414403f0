import type { Profile, ProfileAnswer } from '../../api/settings';
import {
  cleanInitial,
  fullnameOf,
  nameProblems,
  preferenceProblems,
  PROFILE_MESSAGES,
  type FieldProblems,
} from '../../rules/profile';
import type { Queryable } from '../db/database';
import { BadRequestError, type FieldError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata, UserEvent } from '../events/types';

interface ProfileRow {
  first_name: string | null;
  middle_initial: string | null;
  last_name: string | null;
  display_name: string | null;
  fullname: string;
  username: string | null;
  language: string;
  timezone: string;
  clock: string;
  currency: string;
}

/** The problems of a form as the error body lists them, English texts beside their fields. */
export function fieldErrors(problems: FieldProblems<string>): FieldError[] {
  return Object.entries(problems).flatMap(([path, problem]) =>
    problem ? [{ path, message: PROFILE_MESSAGES[problem] }] : [],
  );
}

export function refuse(errors: FieldError[]): never {
  throw new BadRequestError(errors[0]?.message ?? PROFILE_MESSAGES.value, errors);
}

async function profileRow(db: Queryable, userId: string): Promise<ProfileRow | null> {
  const rows = await db.query<ProfileRow>(
    `select first_name, middle_initial, last_name, display_name, fullname, username, language,
            timezone, clock, currency
       from users where id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * Names as given, or, before the person gave any, read from the full name they were registered
 * with: its first word and the rest.
 */
function profileOf(row: ProfileRow): Profile {
  const [first = '', ...rest] = row.fullname.trim().split(/\s+/);
  const given = row.first_name !== null;
  return {
    firstName: given ? (row.first_name ?? '') : first,
    middleInitial: row.middle_initial ?? '',
    lastName: given ? (row.last_name ?? '') : rest.join(' '),
    displayName: row.display_name ?? '',
    language: row.language,
    timezone: row.timezone,
    clock: row.clock,
    currency: row.currency,
  };
}

export async function readProfile(
  db: Queryable,
  userId: string,
  editable: boolean,
  now: Date,
): Promise<ProfileAnswer | null> {
  const row = await profileRow(db, userId);
  if (!row) return null;
  const pending = await db.query<{ new_username: string }>(
    `select new_username from links
      where user_id = $1 and purpose = 'username' and used_at is null and expires_at > $2
      order by created_at desc limit 1`,
    [userId, now.toISOString()],
  );
  return {
    profile: profileOf(row),
    fullname: row.fullname,
    username: row.username,
    pendingUsername: pending[0]?.new_username ?? null,
    editable,
  };
}

/** Saves names and preferences; only what changed is recorded. */
export async function changeProfile(
  db: Queryable,
  userId: string,
  change: Profile,
  metadata: EventMetadata,
): Promise<void> {
  const names = {
    firstName: change.firstName.trim(),
    middleInitial: cleanInitial(change.middleInitial),
    lastName: change.lastName.trim(),
    displayName: change.displayName.trim(),
  };
  const preferences = {
    language: change.language,
    timezone: change.timezone,
    clock: change.clock,
    currency: change.currency,
  };
  const errors = fieldErrors({ ...nameProblems(names), ...preferenceProblems(preferences) });
  if (errors.length > 0) refuse(errors);
  const row = await profileRow(db, userId);
  if (!row) throw new BadRequestError(PROFILE_MESSAGES.value);
  const before = profileOf(row);
  const events: UserEvent[] = [];
  const namesChanged =
    row.first_name === null ||
    (Object.keys(names) as (keyof typeof names)[]).some((key) => names[key] !== before[key]);
  if (namesChanged)
    events.push({ type: 'UserNamesChanged', data: { ...names, fullname: fullnameOf(names) } });
  if (
    (Object.keys(preferences) as (keyof typeof preferences)[]).some(
      (key) => preferences[key] !== before[key],
    )
  )
    events.push({ type: 'UserPreferencesChanged', data: preferences });
  if (events.length === 0) return;
  const stream = `user-${userId}`;
  await appendToStream(db, stream, await streamVersion(db, stream), events, metadata);
}
