/**
 * Bytes kept in memory under keys that say what they were made from (a record table and the
 * version of the records it was read from, an answer and the encoding it was compressed with), so
 * that a key unchanged means bytes unchanged. Past its budget, the bytes used longest ago go first.
 * One per server: keys name no database.
 */
export class ByteCache {
  private readonly entries = new Map<string, Uint8Array<ArrayBuffer>>();
  private total = 0;

  constructor(private readonly budget: number) {}

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      // Used now: it goes to the end of the eviction order.
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Uint8Array<ArrayBuffer>): void {
    this.drop(key);
    if (bytes.length > this.budget) return;
    this.entries.set(key, bytes);
    this.total += bytes.length;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.budget) break;
      this.drop(oldest);
    }
  }

  /** The bytes of the entries kept. */
  get size(): number {
    return this.total;
  }

  private drop(key: string): void {
    const bytes = this.entries.get(key);
    if (!bytes) return;
    this.entries.delete(key);
    this.total -= bytes.length;
  }
}
