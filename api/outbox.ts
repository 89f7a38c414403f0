// The e-mails the portal wrote, read here when no SMTP server is set.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

export const OutboxMail = Type.Object({
  id: Type.String(),
  recipient: Type.String(),
  /** The recipient's name and language when the address is a person's login; null otherwise. */
  recipientName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  subject: Type.String(),
  body: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: EpochSeconds,
  sentAt: Type.Union([EpochSeconds, Type.Null()]),
});
export type OutboxMail = Static<typeof OutboxMail>;

export const OutboxList = ListOf(OutboxMail);
export type OutboxList = Static<typeof OutboxList>;
