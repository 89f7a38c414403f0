import type { Session } from '../../api/session';
import type { PaymentRail } from '../../rules/paymentRails';
import type { ActiveSession } from './sessions';

/** What the install tells every session: its environment name and the partner hub, if any. */
export interface SessionSite {
  environment: string;
  adaHubUrl: string | null;
  /** How money leaves the portal: the pages of bank files show under the bank-file rail only. */
  paymentRail?: PaymentRail;
}

/** The answer of every session call: the person logged in, and whom they emulate if anyone. */
export function sessionBody(session: ActiveSession, site: SessionSite, now: Date): Session {
  const real = session.realUser;
  const emulated = session.user;
  return {
    status: 'ok',
    account: { id: real.accountId, name: real.accountName },
    fullname: real.fullname,
    username: real.username,
    roles: real.roles,
    permissions: real.permissions,
    settings: {
      language: real.language,
      timezone: real.timezone,
      clock: real.clock,
      currency: real.currency,
    },
    emulation: session.emulating
      ? {
          account: { id: emulated.accountId, name: emulated.accountName },
          username: emulated.username,
          fullname: emulated.fullname,
          roles: emulated.roles,
          permissions: emulated.permissions,
        }
      : null,
    environment: site.environment,
    ...(site.adaHubUrl ? { adaHubUrl: site.adaHubUrl } : {}),
    ...(site.paymentRail ? { paymentRail: site.paymentRail } : {}),
    expiry: Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}
