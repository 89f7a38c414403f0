// The label's own bank details its bank files carry (rules/bankFileOriginator.ts checks them):
// set by the label's owner under the bank-file rail, never shown to payees.
import { Type, type Static } from 'typebox';

const Field = (maxLength: number) => Type.String({ maxLength });

export const NachaOriginator = Type.Object(
  {
    immediateDestination: Field(40),
    immediateDestinationName: Field(100),
    immediateOrigin: Field(40),
    immediateOriginName: Field(100),
    companyName: Field(100),
    companyId: Field(40),
    odfiRouting: Field(40),
  },
  { additionalProperties: false },
);
export type NachaOriginator = Static<typeof NachaOriginator>;

/** The account SEPA credit transfers are paid from, as anybody reads it: its IBAN's last 4. */
export const SepaDebtor = Type.Object({
  name: Type.String(),
  ibanLast4: Type.String(),
  bic: Type.Union([Type.String(), Type.Null()]),
});
export type SepaDebtor = Static<typeof SepaDebtor>;

export const BankFileOriginator = Type.Object({
  /** For ACH (NACHA) files of USD payments; null until set. */
  nacha: Type.Union([NachaOriginator, Type.Null()]),
  /** For SEPA credit transfers of EUR payments; null until set. */
  sepa: Type.Union([SepaDebtor, Type.Null()]),
  /** The settings' version: a change names the one it was made from. */
  version: Type.Integer({ minimum: 0 }),
});
export type BankFileOriginator = Static<typeof BankFileOriginator>;

export const SepaDebtorChange = Type.Object(
  {
    name: Field(200),
    /** Empty keeps the IBAN set before. */
    iban: Field(60),
    /** Empty when the bank needs none. */
    bic: Field(20),
  },
  { additionalProperties: false },
);
export type SepaDebtorChange = Static<typeof SepaDebtorChange>;

/** Both parts as a whole; a part given as null is no longer set. */
export const BankFileOriginatorChange = Type.Object(
  {
    version: Type.Integer({ minimum: 0 }),
    nacha: Type.Union([NachaOriginator, Type.Null()]),
    sepa: Type.Union([SepaDebtorChange, Type.Null()]),
  },
  { additionalProperties: false },
);
export type BankFileOriginatorChange = Static<typeof BankFileOriginatorChange>;
