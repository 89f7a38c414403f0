/** The session object of `POST|GET|PUT /api/session` (SPEC section 3, "Session and user preferences"). */
export interface Session {
  status?: string;
  account: { id: string; name: string };
  fullname: string;
  /** Null while an account has not been claimed. */
  username: string | null;
  roles: string[];
  /** `resource:ro` or `resource:rw`. */
  permissions: string[];
  settings: { language?: string };
  emulation: SessionEmulation | null;
  environment: string;
  /** Seconds until the session expires, counted from when the answer was sent. */
  expiry: number;
}

/** The account being emulated: while set, the server acts with these roles and permissions. */
export interface SessionEmulation {
  account: { id: string; name: string };
  username: string | null;
  fullname: string;
  roles: string[];
  permissions: string[];
}

/** A row of the emulate dialog (SPEC section 3, "Emulation user result"). */
export interface EmulationUser {
  fullname: string;
  username: string;
  role: string;
}

/** The answer of a completed e-mailed link: the account whose password was set. */
export interface LinkCompleted {
  status: 'done';
  username: string;
}

/** The e-mailed single-use links: password reset, account claim and activation. */
export type AccountLinkPurpose = 'reset' | 'claim' | 'activate';

export interface Credentials {
  username: string;
  password: string;
}

/** Error bodies always carry `message`; some add a `title`. */
export interface ApiErrorBody {
  message?: string;
  title?: string;
}

export interface Money {
  amount: string;
  currency: string;
}

export interface WalletBalance {
  total: Money;
}
