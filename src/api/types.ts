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

export interface SessionEmulation {
  account: string | { id: string; name: string };
  username: string;
  fullname: string;
  roles: string[];
}

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
