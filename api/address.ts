// The one postal address of SPEC section 3 ("Account": street, suite/apt, city, state, postal
// code, country), as a person's details and a business's details and owners send and read it.
import { Type, type Static } from 'typebox';

/**
 * Every field is text, empty while not given: a person may save their details with no address
 * yet, and a business's rules (server/business/commands.ts) refuse an incomplete one by field.
 * The SPEC sets no length; these bounds keep any real address and refuse a pasted page.
 */
export const Address = Type.Object(
  {
    street: Type.String({ maxLength: 200 }),
    suite: Type.String({ maxLength: 100 }),
    city: Type.String({ maxLength: 100 }),
    state: Type.String({ maxLength: 100 }),
    postalCode: Type.String({ maxLength: 20 }),
    /** ISO 3166-1 alpha-2, or empty while not given. */
    country: Type.String({ maxLength: 2 }),
  },
  { additionalProperties: false },
);
export type Address = Static<typeof Address>;
