import { describe, expect, it } from 'vitest';
import { SHIPPED_TEMPLATES } from '../../../server/import/templates';
import { templateProblems } from '../../../rules/templateSchema';
import {
  distributorTemplate,
  draftIssues,
  emptyDraft,
  emptyVersion,
  linesOf,
  templateDraft,
  type TemplateDraft,
} from '../../../src/distributors/templateDraft';

describe('template drafts', () => {
  it.each(SHIPPED_TEMPLATES.map((template) => [template.name, template] as const))(
    'edits the shipped %s template without losing anything',
    (_name, template) => {
      const draft = templateDraft(template);
      expect(draftIssues(draft)).toEqual([]);
      expect(distributorTemplate(draft)).toEqual(template);
    },
  );

  it('starts empty, with what is missing named', () => {
    expect(draftIssues(emptyDraft())).toEqual([
      { problem: 'template-name' },
      { problem: 'version-name', version: 1 },
      { problem: 'version-headers', version: 1 },
      { problem: 'version-codes', version: 1 },
      { problem: 'field-columns', version: 1, field: 'units' },
      { problem: 'field-columns', version: 1, field: 'revenue' },
    ]);
  });

  it('builds the template the server accepts from what was typed', () => {
    const version = emptyVersion('Semicolon export');
    const draft: TemplateDraft = {
      name: 'Indie Distro',
      versions: [
        {
          ...version,
          headers: ' ISRC \nQty\n\nNet ({currency})\n',
          delimiter: ';',
          encoding: 'windows-1252',
          skipRows: '2',
          totalRows: 'Total\nGrand total',
          decimalSeparator: 'comma',
          dateOrder: 'dmy',
          codes: [
            { column: 'ISRC', kind: 'isrc' },
            { column: ' ', kind: 'upc' },
          ],
          sources: {
            ...version.sources,
            units: { mode: 'columns', columns: 'Qty', fallback: '', constant: '' },
            revenue: { mode: 'columns', columns: 'Net ({currency})', fallback: '0', constant: '' },
            service: { mode: 'constant', columns: '', fallback: '', constant: 'Indie Store' },
          },
          kind: { mode: 'columns', columns: 'Type', mechanicalWhen: 'MECH\nPublishing' },
          currency: { mode: 'header', columns: '', fallback: '', constant: '' },
        },
      ],
    };
    const template = distributorTemplate(draft);
    expect(template).toEqual({
      name: 'Indie Distro',
      versions: [
        {
          name: 'Semicolon export',
          headers: ['ISRC', 'Qty', 'Net ({currency})'],
          delimiter: ';',
          encoding: 'windows-1252',
          skipRows: 2,
          totalRows: { startsWith: ['Total', 'Grand total'] },
          decimalComma: true,
          dateOrder: 'dmy',
          fields: {
            codes: [{ column: 'ISRC', kind: 'isrc' }],
            service: { constant: 'Indie Store' },
            units: { columns: ['Qty'] },
            revenue: { columns: ['Net ({currency})'], default: '0' },
            kind: { columns: ['Type'], mechanicalWhen: ['MECH', 'Publishing'] },
            currency: { fromHeader: true },
          },
        },
      ],
    });
    expect(templateProblems(template)).toEqual([]);
  });

  it('leaves the decimal separator to each file unless the layout declares one', () => {
    const version = emptyVersion('Export');
    const withSeparator = (decimalSeparator: typeof version.decimalSeparator) =>
      distributorTemplate({ name: 'X', versions: [{ ...version, decimalSeparator }] }).versions[0];
    expect(withSeparator('detect')).not.toHaveProperty('decimalComma');
    expect(withSeparator('point')).toMatchObject({ decimalComma: false });
    expect(withSeparator('comma')).toMatchObject({ decimalComma: true });
    const read = templateDraft({ name: 'X', versions: [withSeparator('point')] } as never);
    expect(read.versions[0]?.decimalSeparator).toBe('point');
  });

  it('flags a skip count the server would refuse', () => {
    const draft = templateDraft(SHIPPED_TEMPLATES[0] as never);
    const [first] = draft.versions;
    if (!first) throw new Error('no version');
    for (const skipRows of ['-1', '1.5', '101', 'two']) {
      expect(draftIssues({ ...draft, versions: [{ ...first, skipRows }] })).toEqual([
        { problem: 'version-skip-rows', version: 1 },
      ]);
    }
  });

  it('reads one entry per line', () => {
    expect(linesOf(' a \r\n\nb\n ')).toEqual(['a', 'b']);
  });
});
