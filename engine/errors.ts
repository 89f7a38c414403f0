/** A malformed engine input: the message is one line, `path: message`. */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';

  /** The field path (`splitSets[2].shares`) and what is wrong with it, when known apart. */
  declare readonly path: string | null;
  declare readonly detail: string | null;

  constructor(message: string, path: string | null = null, detail: string | null = null) {
    super(message);
    // Not enumerable: two errors with the same line compare equal however they were made.
    Object.defineProperties(this, {
      path: { value: path, enumerable: false },
      detail: { value: detail, enumerable: false },
    });
  }

  static at(path: string, detail: string): EngineInputError {
    return new EngineInputError(`${path}: ${detail}`, path, detail);
  }
}
