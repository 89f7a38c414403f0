/** A malformed engine input: the message is one line, `path: message`. */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';

  /** The field path (`splitSets[2].shares`) and what is wrong with it, when known apart. */
  path: string | null = null;
  detail: string | null = null;

  static at(path: string, detail: string): EngineInputError {
    const error = new EngineInputError(`${path}: ${detail}`);
    error.path = path;
    error.detail = detail;
    return error;
  }
}
