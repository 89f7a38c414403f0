// The decimal.js reference implementation of shared/ENGINE.md.
import type { EngineInput, EngineOutput } from '../types';
import { validateInput } from '../validate';
import { buildModel } from './model';
import { assembleOutput } from './output';
import { runStatement } from './statement';

/** Validates again (a cast value may reach here), so a malformed input is rejected whole. */
export function calculateReference(input: EngineInput): EngineOutput {
  const checked = validateInput(input);
  return assembleOutput(runStatement(buildModel(checked)));
}
