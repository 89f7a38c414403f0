// The global message banner (SPEC section 2 and section 3, "Global message": visible, title,
// message, type) and the login page's announcement (SPEC section 2): messages an admin posts,
// edits and clears, each for everyone signed in, for one account, or for the login page.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

/** The types of SPEC section 3's toast, which the banner shares. */
export const messageTypes = ['info', 'success', 'warning', 'error'] as const;
export type MessageType = (typeof messageTypes)[number];

/**
 * Whom a message is for: everyone signed in, the people of one account, or visitors of the login
 * page (who are not signed in, so never an account's message).
 */
export const messageAudiences = ['everyone', 'account', 'login'] as const;
export type MessageAudience = (typeof messageAudiences)[number];

export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_TEXT_MAX = 1000;

const Named = Type.Object({ id: Type.String(), name: Type.String() });

/** POST /api/messages and PATCH /api/messages/{id}: the whole message as the admin sets it. */
export const MessageFields = Type.Object(
  {
    audience: literals(messageAudiences),
    /** The account of an `account` message; absent or null for the other audiences. */
    accountId: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]),
    ),
    type: literals(messageTypes),
    title: Type.String({ maxLength: MESSAGE_TITLE_MAX }),
    message: Type.String({ maxLength: MESSAGE_TEXT_MAX }),
    /** Whether a reader may close it for themselves. */
    cancelable: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type MessageFields = Static<typeof MessageFields>;

/** A message as the admin page lists it. */
export const PostedMessage = Type.Object({
  id: Type.String(),
  audience: literals(messageAudiences),
  account: Type.Union([Named, Type.Null()]),
  type: literals(messageTypes),
  title: Type.String(),
  message: Type.String(),
  cancelable: Type.Boolean(),
  postedAt: EpochSeconds,
  postedBy: Type.Union([Named, Type.Null()]),
  changedAt: EpochSeconds,
});
export type PostedMessage = Static<typeof PostedMessage>;

export const PostedMessageList = ListOf(PostedMessage);
export type PostedMessageList = Static<typeof PostedMessageList>;

/** A message as its reader sees it: in the banner, or on the login page. */
export const ShownMessage = Type.Object({
  id: Type.String(),
  type: literals(messageTypes),
  title: Type.String(),
  message: Type.String(),
  cancelable: Type.Boolean(),
});
export type ShownMessage = Static<typeof ShownMessage>;

export const ShownMessages = Type.Object({ items: Type.Array(ShownMessage) });
export type ShownMessages = Static<typeof ShownMessages>;
