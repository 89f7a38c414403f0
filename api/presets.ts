// Presets: an account's named splits, offered again in the split editor.
import { Type, type Static } from 'typebox';
import { ListOf } from './common';

type MemberShare = { payeeId: string; pct: string } | { payeeId: string; balance: true };

/** A share of a split as the engine reads it (ENGINE.md): a payee's, a balance, or a group's. */
export type PresetShare = MemberShare | { groupId: string; pct: string; members: MemberShare[] };

/** A share as sent: the engine's validation reads it whole, with the engine's own texts. */
const ShareToRead = Type.Record(Type.String(), Type.Unknown());

export const Preset = Type.Object({
  id: Type.String(),
  name: Type.String(),
  // Saved only once read by the engine's validation: always one of its shares.
  shares: Type.Array(Type.Unsafe<PresetShare>(ShareToRead)),
});
export type Preset = Static<typeof Preset>;

export const PresetList = ListOf(Preset);
export type PresetList = Static<typeof PresetList>;

export const NewPreset = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    shares: Type.Array(ShareToRead, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type NewPreset = Static<typeof NewPreset>;
