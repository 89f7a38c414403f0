import { openDatabase, type Database, type Queryable } from './database';

/**
 * Reads from hot standbys (README, "Reads from standbys"). `DATABASE_READ_URL` names one or more
 * streaming standbys of the primary; read routes send their queries through a `Reader` chosen per
 * request: a standby that is up, within the lag bound and has replayed the caller's last write,
 * else the primary. Without standbys every reader is the primary and nothing extra runs.
 */

/** What a read route queries: the primary or a standby. Reads only: never a write. */
export interface Reader extends Queryable {
  /** A read-only transaction (for `set_config(..., true)` and the like); begins on a standby too. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** A position in the primary's write-ahead log (`X/Y` in hex) as a 64-bit whole number. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`not a log position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** What the health route says of one standby. */
export interface StandbyState {
  /** `standby 1`, `standby 2`... in the order DATABASE_READ_URL names them: never an address. */
  name: string;
  used: boolean;
  /** Why it is not used: unreachable (or not a standby), or behind by `lagBytes`. */
  reason: 'down' | 'behind' | null;
  /** Bytes of the primary's log it has still to replay; null while down. */
  lagBytes: string | null;
}

export interface ReadReplicaOptions {
  /** How far (bytes of log) a standby may trail the primary and still be read. */
  maxLagBytes: bigint;
  /** How often the standbys and the primary's log position are read. */
  pollMs: number;
}

export const DEFAULT_MAX_LAG_BYTES = 16n * 1024n * 1024n;
const DEFAULT_POLL_MS = 250;
/** A poll still unanswered after this many beats counts as the standby being down. */
const STALLED_POLLS = 4;

interface Standby {
  name: string;
  db: Database;
  /** Its last replayed position, as last read; null while it is down or not yet read. */
  replayed: bigint | null;
  inRecovery: boolean;
  polling: number;
  /** Reads answered by it, and reads it failed that the primary answered instead. */
  reads: number;
  failures: number;
}

/**
 * Whether a read failed because of the standby rather than the query: a lost or refused connection
 * (a system error such as ECONNREFUSED, the driver's "Connection terminated", SQLSTATE class 08),
 * the standby stopping or starting (57P01-57P03) or a query cancelled by a recovery conflict
 * (40001). Any other error (an SQL error, a route's own inside a read transaction) would be the
 * same on the primary and is the caller's.
 */
function standbyFailed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '40001';
  }
  if (typeof syscall === 'string') return true;
  return /connection (terminated|timeout)|connection error|not queryable/i.test(error.message);
}

/** `work` in a transaction that refuses to write, whichever server it runs on. */
const readOnly =
  <T>(work: (tx: Queryable) => Promise<T>) =>
  async (tx: Queryable): Promise<T> => {
    await tx.query('set transaction read only');
    return work(tx);
  };

export class ReadReplicas {
  private readonly standbys: Standby[] = [];
  private primaryLsn: bigint | null = null;
  private next = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private polling: Promise<void> | null = null;
  /** Reads the primary answered because no standby could (counted for the tests and the bench). */
  primaryReads = 0;

  private constructor(
    private readonly primary: Database,
    private readonly options: ReadReplicaOptions,
  ) {}

  /** Opens the standbys of `urls` (none reached yet) and starts watching them. */
  static async open(
    primary: Database,
    urls: readonly string[],
    options: Partial<ReadReplicaOptions> = {},
  ): Promise<ReadReplicas> {
    const replicas = new ReadReplicas(primary, {
      maxLagBytes: options.maxLagBytes ?? DEFAULT_MAX_LAG_BYTES,
      pollMs: options.pollMs ?? DEFAULT_POLL_MS,
    });
    for (const [index, url] of urls.entries()) {
      const db = await openDatabase({
        url,
        lazy: true,
        // A dropped connection: the standby is read no more until the monitor reaches it again.
        onConnectionLost: () => replicas.markDown(index),
      });
      replicas.standbys.push({
        name: `standby ${index + 1}`,
        db,
        replayed: null,
        inRecovery: false,
        polling: 0,
        reads: 0,
        failures: 0,
      });
    }
    await replicas.poll();
    replicas.timer = setInterval(() => void replicas.poll(), replicas.options.pollMs);
    replicas.timer.unref();
    return replicas;
  }

  private markDown(index: number): void {
    const standby = this.standbys[index];
    if (standby) standby.replayed = null;
  }

  /** Reads the primary's log position and each standby's replay position once. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    const standbys = this.standbys.map(async (standby, index) => {
      if (standby.polling > 0) {
        // Still waiting for the last answer: after a few beats the standby counts as down.
        standby.polling += 1;
        if (standby.polling > STALLED_POLLS) this.markDown(index);
        return;
      }
      standby.polling = 1;
      try {
        const [row] = await standby.db.query<{ recovery: boolean; replayed: string | null }>(
          'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replayed',
        );
        standby.inRecovery = row?.recovery === true;
        standby.replayed = row?.replayed ? parseLsn(row.replayed) : null;
      } catch {
        this.markDown(index);
      } finally {
        standby.polling = 0;
      }
    });
    // The primary after the standbys: a lag read this way is never smaller than the real one.
    await Promise.all(standbys);
    try {
      const [row] = await this.primary.query<{ lsn: string }>(
        'select pg_current_wal_insert_lsn()::text as lsn',
      );
      if (row) this.primaryLsn = parseLsn(row.lsn);
    } catch {
      // The primary down is the health route's failure, not the monitor's.
    }
  }

  private lagOf(standby: Standby): bigint | null {
    if (standby.replayed === null || this.primaryLsn === null) return null;
    const lag = this.primaryLsn - standby.replayed;
    return lag > 0n ? lag : 0n;
  }

  private usable(standby: Standby): boolean {
    const lag = this.lagOf(standby);
    return standby.inRecovery && lag !== null && lag <= this.options.maxLagBytes;
  }

  /** Each standby: used or not, and why not. */
  states(): StandbyState[] {
    return this.standbys.map((standby) => {
      const lag = this.lagOf(standby);
      const down = lag === null || !standby.inRecovery;
      const used = this.usable(standby);
      return {
        name: standby.name,
        used,
        reason: used ? null : down ? 'down' : 'behind',
        lagBytes: down ? null : String(lag),
      };
    });
  }

  /** Reads each standby answered (tests and the load bench look at these). */
  standbyReads(): number[] {
    return this.standbys.map((standby) => standby.reads);
  }

  /**
   * The reader for a caller whose last write ended at `writeLsn` (null: none recorded): the next
   * usable standby, in turn, that has replayed that far; the primary when none has.
   */
  readerFor(writeLsn: string | null): Reader {
    const after = writeLsn === null ? 0n : parseLsn(writeLsn);
    const count = this.standbys.length;
    for (let step = 0; step < count; step += 1) {
      const index = (this.next + step) % count;
      const standby = this.standbys[index];
      if (!standby || !this.usable(standby) || (standby.replayed ?? -1n) < after) continue;
      this.next = (index + 1) % count;
      return this.standbyReader(standby, index);
    }
    return this.primaryReader();
  }

  /** The primary as a reader, counting its reads. */
  primaryReader(): Reader {
    const primary = this.primary;
    const count = <T>(read: Promise<T>) => {
      this.primaryReads += 1;
      return read;
    };
    return {
      query: (sql, params) => count(primary.query(sql, params)),
      copyOut: (select, params) => count(primary.copyOut(select, params)),
      copyFrom: () => Promise.reject(new Error('a read does not load rows')),
      transaction: (work) => count(primary.transaction(readOnly(work))),
    };
  }

  /**
   * A standby as a reader: a read it fails because it stopped, restarted or cancelled the query
   * during replay marks it down and is asked of the primary instead, once. Reads only, so the
   * second asking repeats nothing that was written.
   */
  private standbyReader(standby: Standby, index: number): Reader {
    const primary = this.primary;
    const attempt = async <T>(onStandby: () => Promise<T>, onPrimary: () => Promise<T>) => {
      try {
        const result = await onStandby();
        standby.reads += 1;
        return result;
      } catch (error) {
        if (!standbyFailed(error)) throw error;
        standby.failures += 1;
        this.markDown(index);
        this.primaryReads += 1;
        return onPrimary();
      }
    };
    return {
      query: (sql, params) =>
        attempt(
          () => standby.db.query(sql, params),
          () => primary.query(sql, params),
        ),
      copyOut: (select, params) =>
        attempt(
          () => standby.db.copyOut(select, params),
          () => primary.copyOut(select, params),
        ),
      copyFrom: () => Promise.reject(new Error('a read does not load rows')),
      transaction: (work) =>
        attempt(
          () => standby.db.transaction(readOnly(work)),
          () => primary.transaction(readOnly(work)),
        ),
    };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
    await Promise.all(this.standbys.map((standby) => standby.db.close()));
  }
}

/** The standbys' addresses of `DATABASE_READ_URL` (comma-separated), none when unset. */
export function readUrlsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/** `DATABASE_READ_MAX_LAG_BYTES`: a whole number of bytes, 16 MB when unset. */
export function maxLagBytesOf(value: string | undefined): bigint {
  if (value === undefined || value.trim() === '') return DEFAULT_MAX_LAG_BYTES;
  if (!/^\d+$/.test(value.trim())) {
    throw new Error(`DATABASE_READ_MAX_LAG_BYTES must be a whole number of bytes, not "${value}".`);
  }
  return BigInt(value.trim());
}
