import { describe, expect, it } from 'vitest';
import { describeDuplicates, findDuplicateLists } from '../../scripts/duplicateLists';

describe('the duplicate list check', () => {
  it('reports a list typed in two files, with both places', () => {
    const duplicates = findDuplicateLists([
      {
        file: 'rules/roles.ts',
        text: "export const ROLES = ['owner', 'admin', 'payee'] as const;\n",
      },
      {
        file: 'server/people.ts',
        text: "const x = 1;\n\ntype Role = 'payee' | 'owner' | 'admin';\n",
      },
    ]);
    expect(duplicates).toEqual([
      {
        values: ['admin', 'owner', 'payee'],
        places: [
          { file: 'rules/roles.ts', line: 1 },
          { file: 'server/people.ts', line: 3 },
        ],
      },
    ]);
    expect(describeDuplicates(duplicates)).toContain('rules/roles.ts:1');
    expect(describeDuplicates(duplicates)).toContain('server/people.ts:3');
  });

  it('sees a TypeBox union of literals as the same list', () => {
    const duplicates = findDuplicateLists([
      {
        file: 'api/a.ts',
        text: "Type.Union([Type.Literal('x'), Type.Literal('y'), Type.Literal('z')])",
      },
      { file: 'src/b.tsx', text: "const all = new Set(['z', 'y', 'x']);" },
    ]);
    expect(duplicates.map((duplicate) => duplicate.places.map((place) => place.file))).toEqual([
      ['api/a.ts', 'src/b.tsx'],
    ]);
  });

  it('passes different lists, short lists, one file twice, and allowed sets', () => {
    expect(
      findDuplicateLists(
        [
          {
            file: 'rules/a.ts',
            text: "export const A = ['a', 'b', 'c'];\nconst again = ['c', 'b', 'a'];",
          },
          { file: 'src/b.ts', text: "export const B = ['a', 'b', 'd'];\ntype Two = 'a' | 'b';" },
          { file: 'server/c.ts', text: "const C = ['a', 'b', 1];\nconst D = ['a', 'b', 'd'];" },
        ],
        new Set(['a,b,d']),
      ),
    ).toEqual([]);
  });
});
