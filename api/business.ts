// A business account's details, beneficial owners and certification (SPEC sections 3, 4, 5, 9).
import { Type, type Static } from 'typebox';
import {
  businessClassifications,
  businessTypes,
  type BusinessClassification,
  type BusinessType,
} from '../rules/business';
import { Address } from './address';

const optionalText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

export const BusinessDetailsInput = Type.Object(
  {
    businessName: Type.String({ minLength: 1, maxLength: 200 }),
    dba: optionalText(200),
    businessType: Type.Unsafe<BusinessType>({ type: 'string', enum: [...businessTypes] }),
    classification: Type.Unsafe<BusinessClassification>({
      type: 'string',
      enum: [...businessClassifications],
    }),
    /** Required the first time; null keeps the EIN already given. */
    ein: optionalText(20),
    address: Address,
  },
  { additionalProperties: false },
);
export type BusinessDetailsInput = Static<typeof BusinessDetailsInput>;

/** What anybody reads of the details: the EIN as its last 4 digits. */
export const BusinessDetails = Type.Object({
  businessName: Type.String(),
  dba: Type.Union([Type.String(), Type.Null()]),
  businessType: Type.String(),
  classification: Type.String(),
  einLast4: Type.String(),
  address: Address,
});
export type BusinessDetails = Static<typeof BusinessDetails>;

export const BeneficialOwnerInput = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    ownershipPct: Type.String({ minLength: 1, maxLength: 10 }),
    birthdate: optionalText(10),
    address: Type.Union([Address, Type.Null()]),
    /** Null keeps the digits already given. */
    ssnLast4: optionalText(4),
    /** The controlling person (CEO, managing member…): may own 0%; false when left out. */
    controlling: Type.Optional(Type.Boolean()),
    /** The controlling person's title; required for them, ignored for others. */
    controlTitle: Type.Optional(optionalText(100)),
  },
  { additionalProperties: false },
);
export type BeneficialOwnerInput = Static<typeof BeneficialOwnerInput>;

export const BeneficialOwner = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  ownershipPct: Type.String(),
  birthdate: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Address, Type.Null()]),
  /** Whether the SSN's last 4 digits were given; they are never sent back. */
  ssnGiven: Type.Boolean(),
  /** Every field given: an owner at or above the threshold must be complete to certify. */
  complete: Type.Boolean(),
  /** The person who controls the business; certification needs one, complete. */
  controlling: Type.Boolean(),
  controlTitle: Type.Union([Type.String(), Type.Null()]),
});
export type BeneficialOwner = Static<typeof BeneficialOwner>;

export const Certification = Type.Object({
  signerName: Type.String(),
  signerTitle: Type.String(),
  signedAt: Type.Integer(),
  text: Type.String(),
  /** Signed with the statement that nobody owns 25% or more (no beneficial owner listed). */
  noOwnerAtThreshold: Type.Boolean(),
});
export type Certification = Static<typeof Certification>;

/** SPEC section 4: verified once details and owners are complete, certified once signed. */
export const businessStates = ['incomplete', 'verified', 'certified'] as const;
export type BusinessState = (typeof businessStates)[number];
export const BusinessStateSchema = Type.Unsafe<BusinessState>({
  type: 'string',
  enum: [...businessStates],
});

export const Business = Type.Object({
  accountId: Type.String(),
  accountType: Type.String(),
  /** Whether the caller may change and certify it (a label's owner, a payee for themself). */
  editable: Type.Boolean(),
  /** A label account, or a payee who chose to be paid as a business. */
  isBusiness: Type.Boolean(),
  state: BusinessStateSchema,
  details: Type.Union([BusinessDetails, Type.Null()]),
  owners: Type.Array(BeneficialOwner),
  certification: Type.Union([Certification, Type.Null()]),
  /** When a change after the last certification voided it; null otherwise. */
  voidedAt: Type.Union([Type.Integer(), Type.Null()]),
  version: Type.Integer(),
});
export type Business = Static<typeof Business>;

export const CertificationInput = Type.Object(
  {
    signerName: Type.String({ maxLength: 200 }),
    signerTitle: Type.String({ maxLength: 200 }),
    acceptAgreement: Type.Boolean(),
    /**
     * The signer states that no person owns 25% or more (rules/business.ts NO_OWNER_STATEMENT):
     * needed when no such owner is listed, refused when one is; false when left out.
     */
    noOwnerAtThreshold: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CertificationInput = Static<typeof CertificationInput>;
