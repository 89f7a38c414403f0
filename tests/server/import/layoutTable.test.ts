import { describe, expect, it } from 'vitest';
import { SHIPPED_TEMPLATES } from '../../../server/import/templates';
import { expectedFixtures, readFixture } from './layoutTable';

const fixtures = expectedFixtures();

describe('every shipped layout reads its fixtures as worked out by hand', () => {
  it('has an expectation for a fixture of every shipped distributor', () => {
    const covered = new Set(fixtures.map(({ expected }) => expected.template));
    expect(
      SHIPPED_TEMPLATES.map((template) => template.name).filter((n) => !covered.has(n)),
    ).toEqual([]);
  });

  it.each(fixtures)('$file', async ({ file, expected }) => {
    const actual = await readFixture(file, expected.template);
    if (expected['file refused'] !== undefined) {
      expect(actual['file refused']).toContain(expected['file refused']);
      return;
    }
    expect(actual).toEqual(expected);
  });
});
