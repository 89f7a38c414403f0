// The e-mailed single-use links: request one, then complete it with its token and a password.
import { Type, type Static } from 'typebox';
import { ErrorBody } from './common';

/** Password reset, account claim and activation. */
export type AccountLinkPurpose = 'reset' | 'claim' | 'activate';

export const LinkRequest = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
export type LinkRequest = Static<typeof LinkRequest>;

export const LinkCompletion = Type.Object(
  {
    token: Type.String({ minLength: 10, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LinkCompletion = Static<typeof LinkCompletion>;

export const LinkSent = Type.Object({ status: Type.Literal('sent') });
export type LinkSent = Static<typeof LinkSent>;

/** The answer of a completed link: the account whose password was set. */
export const LinkCompleted = Type.Object({ status: Type.Literal('done'), username: Type.String() });
export type LinkCompleted = Static<typeof LinkCompleted>;

/** The link calls are public: no 401 or 403. */
export const linkErrorResponses = {
  400: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
