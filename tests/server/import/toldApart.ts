import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHIPPED_TEMPLATES, type DistributorTemplate } from '../../../server/import/templates';
import { FileFormatError, StatementFileError } from '../../../server/import/types';
import { fixture, parseFile } from './helpers';

/** Whole files at once where only the layout's refusal matters. */
const WHOLE = 1 << 20;

const read = (template: DistributorTemplate, file: string) =>
  parseFile(file, fixture(file), template, { chunkSize: WHOLE });

/**
 * Layouts added together are told apart from every other shipped one: no other shipped template
 * reads their samples, and they read none of the other text samples.
 */
export function describeToldApart(
  names: string,
  mine: readonly DistributorTemplate[],
  myFiles: readonly string[],
): void {
  describe(`${names} are told apart from every other shipped layout`, () => {
    const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
    const otherTextFixtures = readdirSync(fixturesDir).filter(
      (name) => /\.(csv|tsv|txt)$/.test(name) && !myFiles.includes(name),
    );

    it('no other shipped template reads their samples', async () => {
      const others = SHIPPED_TEMPLATES.filter((template) => !mine.includes(template));
      for (const file of myFiles) {
        for (const template of others) {
          await expect(read(template, file), `${template.name} on ${file}`).rejects.toBeInstanceOf(
            StatementFileError,
          );
        }
      }
    });

    it('they read no other shipped layout’s sample', async () => {
      expect(otherTextFixtures.length).toBeGreaterThan(20);
      for (const file of otherTextFixtures) {
        for (const template of mine) {
          await expect(read(template, file), `${template.name} on ${file}`).rejects.toBeInstanceOf(
            FileFormatError,
          );
        }
      }
    });
  });
}
