import type { Share, SplitSet } from '../../../engine/types';
import type { Role } from '../../../rules/permissions';
import type { CodeKind } from '../../../rules/records';

export type { Role };

export type AccountType = 'label' | 'person' | 'business' | 'admin';

/** The `account-<id>` stream: the account itself and its catalog-wide settings. */
export type AccountEvent =
  | { type: 'AccountOpened'; data: { accountId: string; name: string; accountType: AccountType } }
  | { type: 'DefaultSplitsChanged'; data: { before: SplitSet[]; after: SplitSet[] } }
  | { type: 'PresetCreated'; data: { presetId: string; name: string; shares: Share[] } }
  /** A person the account made, or who works with it: a payee it may name in splits. */
  | { type: 'AccountPayeeAdded'; data: { userId: string } }
  /** A person of another account, named by e-mail: a payee only once they accept. */
  | { type: 'AccountPayeeInvited'; data: { userId: string } }
  | { type: 'AccountPayeeAccepted'; data: { userId: string } }
  /** The account's default distributor take (%) for one distributor; null clears it. */
  | { type: 'DistributorTakeSet'; data: { distributorId: string; takePct: string | null } }
  /** The label asks the overseer for a product it may not create itself (SPEC section 2). */
  | {
      type: 'ProductRequested';
      data: {
        requestId: string;
        statementId: string;
        title: string;
        productType: string;
        codes: { code: string; kind: CodeKind }[];
        artistId: string | null;
      };
    }
  | { type: 'ProductRequestFulfilled'; data: { requestId: string; productId: string } }
  | { type: 'ProductRequestRefused'; data: { requestId: string; reason: string } };
