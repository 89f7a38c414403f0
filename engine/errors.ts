/** A malformed engine input: the message is one line, `path: message`. */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';

  static at(path: string, detail: string): EngineInputError {
    return new EngineInputError(`${path}: ${detail}`);
  }
}
