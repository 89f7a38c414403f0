// The Account page (/settings) of every signed-in person: their names and preferences, login
// (username, password), person details (phone, birthdate, SSN, address) and ID documents
// (SPEC sections 3 "Application store", "Account", "Name value"; 5; 9 "Display and interface").
import { Type, type Static } from 'typebox';
import { DOCUMENT_KINDS, DOCUMENT_MEDIA_TYPES, type DocumentKind } from '../rules/personDetails';
import { Address } from './address';
import { FileBytes } from './common';

const Text = (maxLength: number) => Type.String({ maxLength });

/** The person's own names and display preferences, as the page shows and saves them. */
export const Profile = Type.Object(
  {
    firstName: Text(200),
    /** One letter without its period; the screen shows `M.`. */
    middleInitial: Text(10),
    lastName: Text(200),
    displayName: Text(200),
    language: Text(10),
    /** An IANA time zone (`America/New_York`), or `auto` for the browser's. */
    timezone: Text(100),
    clock: Text(10),
    currency: Text(3),
  },
  { additionalProperties: false },
);
export type Profile = Static<typeof Profile>;

export const ProfileAnswer = Type.Object({
  profile: Profile,
  /** What the rest of the portal shows of the person. */
  fullname: Type.String(),
  /** Null while an account has not been claimed. */
  username: Type.Union([Type.String(), Type.Null()]),
  /** The address a confirmation link was sent to and not yet used, if any. */
  pendingUsername: Type.Union([Type.String(), Type.Null()]),
  /** False while an admin emulates the person: the page is shown read-only. */
  editable: Type.Boolean(),
});
export type ProfileAnswer = Static<typeof ProfileAnswer>;

export const PasswordChange = Type.Object(
  {
    currentPassword: Text(1024),
    newPassword: Text(1024),
    confirmation: Text(1024),
  },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;

export const PasswordChanged = Type.Object({ status: Type.Literal('changed') });

export const UsernameChange = Type.Object(
  {
    username: Text(400),
    /** Asked again: the username is how the person logs in and where their links go. */
    password: Text(1024),
  },
  { additionalProperties: false },
);
export type UsernameChange = Static<typeof UsernameChange>;

export const UsernameChangeSent = Type.Object({
  status: Type.Literal('sent'),
  pendingUsername: Type.String(),
});

export const UsernameConfirmation = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const UsernameConfirmed = Type.Object({
  status: Type.Literal('done'),
  username: Type.String(),
});

export const SsnKind = Type.Unsafe<'last4' | 'full'>(
  Type.Union([Type.Literal('last4'), Type.Literal('full')]),
);

/** What anybody, admins included, reads of a person: the SSN as its last 4 digits only. */
export const PersonDetails = Type.Object({
  phone: Type.String(),
  /** `YYYY-MM-DD`, or empty. */
  birthdate: Type.String(),
  address: Address,
  ssn: Type.Union([Type.Null(), Type.Object({ kind: SsnKind, last4: Type.String() })]),
  editable: Type.Boolean(),
});
export type PersonDetails = Static<typeof PersonDetails>;

export const PersonDetailsChange = Type.Object(
  {
    phone: Text(100),
    birthdate: Text(20),
    address: Address,
    /** The last 4 digits or all 9; left out (or empty) keeps the SSN given before. */
    ssn: Type.Optional(Text(20)),
  },
  { additionalProperties: false },
);
export type PersonDetailsChange = Static<typeof PersonDetailsChange>;

const KindSchema = Type.Unsafe<DocumentKind>(
  Type.Union(DOCUMENT_KINDS.map((kind) => Type.Literal(kind))),
);

export const IdDocument = Type.Object({
  id: Type.String(),
  kind: KindSchema,
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  addedAt: Type.Integer(),
});
export type IdDocument = Static<typeof IdDocument>;

export const IdDocuments = Type.Object({
  items: Type.Array(IdDocument),
  editable: Type.Boolean(),
});
export type IdDocuments = Static<typeof IdDocuments>;

export const DocumentParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** An ID document's bytes as they were uploaded: a PDF, PNG or JPEG. */
export const DocumentFile = FileBytes;

export { DOCUMENT_MEDIA_TYPES };

/** The parts of POST /api/settings/documents: the document's kind, then the file (10 MB at most). */
export const DocumentParts = Type.Object({ kind: KindSchema, file: FileBytes });
