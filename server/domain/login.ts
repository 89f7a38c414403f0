import type { UserEvent } from '../events/types';

/** SPEC section 9: more than 10 incorrect logins lock the account for 60 minutes. */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 60;

export interface LoginState {
  failedLogins: number;
  lockedUntil: Date | null;
}

export type LoginDecision =
  | { outcome: 'accepted'; events: UserEvent[] }
  | { outcome: 'rejected'; events: UserEvent[] }
  | { outcome: 'locked'; events: UserEvent[] };

/** Decides a login attempt; pure, with the time passed in. */
export function decideLogin(state: LoginState, passwordMatches: boolean, now: Date): LoginDecision {
  const lockActive = state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
  if (lockActive) return { outcome: 'locked', events: [] };
  if (passwordMatches) return { outcome: 'accepted', events: [{ type: 'UserLoggedIn', data: {} }] };

  // A lock that has run out starts the count again.
  const previous = state.lockedUntil === null ? state.failedLogins : 0;
  const failedLogins = previous + 1;
  const failed: UserEvent = { type: 'UserLoginFailed', data: { failedLogins } };
  if (failedLogins <= MAX_FAILED_LOGINS) return { outcome: 'rejected', events: [failed] };
  const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
  return { outcome: 'locked', events: [failed, { type: 'UserLocked', data: { until } }] };
}
