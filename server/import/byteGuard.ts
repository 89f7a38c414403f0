import type { ImportLimits } from './limits';
import { UnreadableFileError } from './types';

/** Counts bytes flowing through an async iterable. */
export class ByteCounter {
  bytes = 0;

  async *count(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      this.bytes += chunk.length;
      yield chunk;
    }
  }
}

/**
 * What every archive layer of one upload has expanded to so far, and the files its zips list:
 * a zip in a zip is bounded as a whole, not layer by layer.
 */
export class ExpansionBudget {
  private expanded = 0;
  private entries = 0;

  constructor(private readonly limits: ImportLimits) {}

  /** Counts a layer's output against the total. */
  async *count(output: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of output) {
      this.expanded += chunk.length;
      if (this.expanded > this.limits.maxUncompressedBytes) throw expandsTooFar(this.limits);
      yield chunk;
    }
  }

  /** Counts one file listed by a zip. */
  entry(): void {
    this.entries += 1;
    if (this.entries > this.limits.maxArchiveEntries) {
      throw new UnreadableFileError(
        'too-large',
        `The archive holds more than ${this.limits.maxArchiveEntries} files`,
      );
    }
  }
}

function expandsTooFar(limits: ImportLimits): UnreadableFileError {
  return new UnreadableFileError(
    'too-large',
    `The file expands to more than ${formatBytes(limits.maxUncompressedBytes)} when uncompressed`,
  );
}

/**
 * Stops a decompressor's output at the size cap, and at an expansion ratio no real statement
 * reaches once the output is large enough for the ratio to matter (a zip bomb).
 */
export async function* guardExpansion(
  output: AsyncIterable<Buffer>,
  compressed: ByteCounter,
  limits: ImportLimits,
): AsyncGenerator<Buffer> {
  let expanded = 0;
  for await (const chunk of guardRatio(output, compressed, limits)) {
    expanded += chunk.length;
    if (expanded > limits.maxUncompressedBytes) throw expandsTooFar(limits);
    yield chunk;
  }
}

/**
 * Stops one decompressor's output at the expansion ratio, measured against the compressed bytes
 * it has `consumed`, once the output passes `ratioCheckAfterBytes`: a bomb is refused within its
 * first megabytes, before seconds of work on it.
 */
export async function* guardRatio(
  output: AsyncIterable<Buffer>,
  consumed: { readonly bytes: number },
  limits: ImportLimits,
): AsyncGenerator<Buffer> {
  let expanded = 0;
  for await (const chunk of output) {
    expanded += chunk.length;
    if (
      expanded > limits.ratioCheckAfterBytes &&
      expanded > consumed.bytes * limits.maxCompressionRatio
    ) {
      throw new UnreadableFileError(
        'too-large',
        `The file expands more than ${limits.maxCompressionRatio} times when uncompressed; it looks like a zip bomb`,
      );
    }
    yield chunk;
  }
}

export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Math.round(mib)} MB` : `${bytes} bytes`;
}
