import type { PaymentConfig } from './config';

/**
 * Runs the payment batch once per batch period and lets the partner's bank answer on its tick.
 * One run at a time: a tick that comes while the last is still working is skipped.
 */
export class PaymentSchedule {
  private timers: NodeJS.Timeout[] = [];
  private running = new Map<string, Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly config: PaymentConfig,
    private readonly batch: () => Promise<unknown>,
    private readonly tick: () => Promise<unknown>,
    private readonly log: (message: string, detail: object) => void,
  ) {}

  start(): void {
    this.every('payment batch', this.config.batchPeriodMs, this.batch);
    this.every('payment partner', this.config.partnerTickMs, this.tick);
  }

  /** Stops the timers and waits for a run under way, so nothing runs after the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled(this.running.values());
  }

  private every(name: string, periodMs: number, work: () => Promise<unknown>) {
    if (periodMs <= 0) return;
    const timer = setInterval(() => {
      if (this.stopped || this.running.has(name)) return;
      const run = work()
        .catch((error: unknown) => this.log(`${name} failed`, { error: String(error) }))
        .finally(() => this.running.delete(name));
      this.running.set(name, run);
    }, periodMs);
    // The schedule alone never keeps the process alive.
    timer.unref();
    this.timers.push(timer);
  }
}
