// Intake keys: how a partner distributor sends a label's statements itself (SPEC section 1,
// "receive them from a partner distributor"). A key belongs to one label account and one
// distributor; `POST /api/intake/statements` takes the upload's body and files with it.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

const Named = Type.Object({ id: Type.String(), name: Type.String() });

/** A key as it is listed after its creation: never the key itself, only its first characters. */
export const IntakeKey = Type.Object({
  id: Type.String(),
  /** What the label called it ("DistroKid delivery robot"). */
  name: Type.String(),
  /** The key's first characters, to recognise it by: `rpi_Ab12Cd34`. */
  prefix: Type.String(),
  account: Named,
  distributor: Named,
  createdAt: EpochSeconds,
  /** Who created it; null when that person is no longer known. */
  createdBy: Type.Union([Named, Type.Null()]),
  /** The last request the key authenticated, or null when it was never used. */
  lastUsedAt: Type.Union([EpochSeconds, Type.Null()]),
  revokedAt: Type.Union([EpochSeconds, Type.Null()]),
  revokedBy: Type.Union([Named, Type.Null()]),
});
export type IntakeKey = Static<typeof IntakeKey>;

export const IntakeKeyList = ListOf(IntakeKey);
export type IntakeKeyList = Static<typeof IntakeKeyList>;

/** GET /api/intake-keys: the keys of one account, of one distributor when named. */
export const IntakeKeyQuery = Type.Object(
  {
    distributorId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Admins name the label account; everyone else reads their own. */
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);
export type IntakeKeyQuery = Static<typeof IntakeKeyQuery>;

/** The longest key name. */
export const INTAKE_KEY_NAME_MAX = 80;

/** POST /api/intake-keys. */
export const NewIntakeKey = Type.Object(
  {
    distributorId: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.String({ minLength: 1, maxLength: INTAKE_KEY_NAME_MAX }),
    /** Admins name the label account; everyone else creates keys for their own. */
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type NewIntakeKey = Static<typeof NewIntakeKey>;

/** The answer to a creation: the only time the key itself is ever sent. */
export const CreatedIntakeKey = Type.Object({
  key: IntakeKey,
  /** `rpi_` and 43 characters: 256 random bits. Kept by the distributor; the portal keeps only its hash. */
  secret: Type.String(),
});
export type CreatedIntakeKey = Static<typeof CreatedIntakeKey>;
