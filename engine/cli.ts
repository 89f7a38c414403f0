// npm run engine -- calc FILE [--backend wasm|decimal]: prints the output JSON on one line.
import { readFile } from 'node:fs/promises';
import { calculate, EngineInputError, stringifyOutput } from './index';
import type { EngineBackend } from './types';

const usage = `usage: npm run engine -- calc FILE [--backend wasm|decimal]

Calculates the statement in FILE (the JSON input of shared/ENGINE.md) and prints
the output JSON on standard output as one line, without indentation.
--backend wasm (default) runs engine/engine.wasm, falling back to the decimal.js
reference (with a note on standard error) when the module cannot load.
A malformed input prints one line "path: message" on standard error; exit 1.`;

interface Command {
  file: string;
  backend: EngineBackend;
}

function parseArguments(args: readonly string[]): Command | string {
  const [command, ...rest] = args;
  if (command !== 'calc') return `unknown command ${JSON.stringify(command ?? '')}`;
  let backend: EngineBackend = 'wasm';
  const files: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? '';
    if (arg === '--backend' || arg.startsWith('--backend=')) {
      const value = arg === '--backend' ? rest[(index += 1)] : arg.slice('--backend='.length);
      if (value !== 'wasm' && value !== 'decimal') return '--backend: expected wasm or decimal';
      backend = value;
    } else {
      files.push(arg);
    }
  }
  const [file] = files;
  if (file === undefined || files.length > 1) return 'expected exactly one FILE';
  return { file, backend };
}

function failWith(line: string): never {
  process.stderr.write(`${line.replace(/\r?\n/g, ' ')}\n`);
  process.exit(1);
}

async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const command = parseArguments(args);
  if (typeof command === 'string') failWith(`${command} (see --help)`);
  let text: string;
  try {
    text = await readFile(command.file, 'utf8');
  } catch (error) {
    failWith(`${command.file}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    failWith(`${command.file}: not valid JSON (${(error as Error).message})`);
  }
  try {
    const { output, backend } = await calculate(input, { backend: command.backend });
    if (backend !== command.backend) {
      process.stderr.write(`note: engine.wasm could not load; the ${backend} backend ran\n`);
    }
    process.stdout.write(`${stringifyOutput(output)}\n`);
  } catch (error) {
    if (error instanceof EngineInputError) failWith(error.message);
    throw error;
  }
}

await main(process.argv.slice(2));
