import type { MessageAudience, MessageType } from '../../../api/messages';

/** A message as an admin sets it: for whom, its type, its texts, and whether readers may close it. */
export type MessageContent = {
  audience: MessageAudience;
  /** The account of an `account` message, else null. */
  accountId: string | null;
  type: MessageType;
  title: string;
  message: string;
  cancelable: boolean;
};

/** The `message-<id>` stream: a banner message (SPEC section 3, "Global message") an admin manages. */
export type MessageEvent =
  | { type: 'MessagePosted'; data: MessageContent & { messageId: string } }
  | { type: 'MessageEdited'; data: MessageContent }
  | { type: 'MessageCleared'; data: Record<string, never> };
