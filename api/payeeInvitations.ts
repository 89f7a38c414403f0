// A label's invitation to a person of another account, accepted from the e-mailed link.
import { Type, type Static } from 'typebox';

export const InvitationAcceptance = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 200 }) },
  { additionalProperties: false },
);
export type InvitationAcceptance = Static<typeof InvitationAcceptance>;

export const InvitationAccepted = Type.Object({
  status: Type.Literal('accepted'),
  /** The account the person now works with. */
  accountName: Type.String(),
});
export type InvitationAccepted = Static<typeof InvitationAccepted>;
