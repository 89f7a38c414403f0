// An account's default split sets (ENGINE.md scope `{ default: true }`), for records whose
// product and code have none of their own.
import { Type, type Static } from 'typebox';
import { SplitSetView } from './splits';

export const DefaultSplits = Type.Object({
  version: Type.Integer({ description: "The account's version, to send back with a change" }),
  splitSets: Type.Array(SplitSetView, {
    description: "Scope 'product' stands for the account-wide default scope",
  }),
});
export type DefaultSplits = Static<typeof DefaultSplits>;
