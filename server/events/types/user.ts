import type { AccountLinkPurpose } from '../../../api/accountLinks';
import type { Role } from './account';

/** The `user-<id>` stream. */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        accountId: string;
        username: string | null;
        fullname: string;
        roles: Role[];
        language: string;
        passwordHash: string | null;
      };
    }
  | { type: 'UserPasswordSet'; data: { passwordHash: string } }
  | { type: 'UserLoggedIn'; data: Record<string, never> }
  | { type: 'UserLoginFailed'; data: { failedLogins: number } }
  | { type: 'UserLocked'; data: { until: string } }
  /** An admin lifted a login lock before it ran out. */
  | { type: 'UserUnlocked'; data: Record<string, never> }
  | { type: 'UserProfileChanged'; data: { fullname?: string; language?: string; roles?: Role[] } }
  | { type: 'UserEmulationStarted'; data: { targetUserId: string } }
  | { type: 'UserEmulationStopped'; data: { targetUserId: string } }
  | { type: 'UserLinkSent'; data: { purpose: LinkPurpose; expiresAt: string } }
  | { type: 'UserClaimed'; data: { passwordHash: string } }
  | { type: 'UserActivated'; data: { passwordHash: string } }
  /** The Account page: SPEC's name value, the display name and the full name derived from them. */
  | {
      type: 'UserNamesChanged';
      data: {
        firstName: string;
        middleInitial: string;
        lastName: string;
        displayName: string;
        fullname: string;
      };
    }
  | {
      type: 'UserPreferencesChanged';
      data: { language: string; timezone: string; clock: string; currency: string };
    }
  /** A confirmation link went to the new address; the username changes once it is used. */
  | { type: 'UserUsernameChangeRequested'; data: { newUsername: string; expiresAt: string } }
  | { type: 'UserUsernameChanged'; data: { from: string | null; to: string } }
  /** An admin deleted the person after typing DELETE: no login, their history kept. */
  | { type: 'UserDeleted'; data: Record<string, never> };

/** What a single-use e-mailed link is for. */
export type LinkPurpose = AccountLinkPurpose;
