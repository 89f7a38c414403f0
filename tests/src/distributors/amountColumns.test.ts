// The template editor offers units and revenue as columns added and subtracted, and a sign column:
// what a layout says survives the editor, what is incomplete is named, and the form shows it.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { templateProblems, type DistributorTemplate } from '../../../rules/templateSchema';
import { createI18n } from '../../../src/i18n';
import { RecordFieldsEditor } from '../../../src/distributors/RecordFieldsEditor';
import { TemplateSummary } from '../../../src/distributors/TemplateSummary';
import {
  distributorTemplate,
  draftIssues,
  templateDraft,
  versionDraft,
} from '../../../src/distributors/templateDraft';

const GROSS_LESS_FEES: DistributorTemplate = {
  name: 'Indie Distro',
  versions: [
    {
      name: 'Sales 2026',
      headers: ['ISRC', 'Type', 'Quantity', 'Gross', 'Fee', 'Processing Fee'],
      fields: {
        codes: [{ column: 'ISRC', kind: 'isrc' }],
        units: { columns: ['Quantity'] },
        revenue: { add: ['Gross'], subtract: ['Fee', 'Processing Fee'] },
        sign: { columns: ['Type'], negativeWhen: ['Refund', 'Void'] },
      },
    },
  ],
};

function render(language: string): string {
  const i18n = createI18n(language);
  const [version] = templateDraft(GROSS_LESS_FEES).versions;
  if (!version) throw new Error('the template has a version');
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(RecordFieldsEditor, { version, issues: [], onChange: () => {} }),
    ),
  );
}

describe('columns added and subtracted, and a sign column, in the template editor', () => {
  it('keeps a sum and a sign column through the editor unchanged', () => {
    expect(templateProblems(GROSS_LESS_FEES)).toEqual([]);
    const draft = templateDraft(GROSS_LESS_FEES);
    expect(draftIssues(draft)).toEqual([]);
    expect(distributorTemplate(draft)).toEqual(GROSS_LESS_FEES);
  });

  it('names a sum with nothing to add and a sign column without its values', () => {
    const [layout] = GROSS_LESS_FEES.versions;
    if (!layout) throw new Error('the template has a version');
    const version = versionDraft(layout);
    const issues = draftIssues({
      name: 'Indie Distro',
      versions: [
        {
          ...version,
          sources: {
            ...version.sources,
            revenue: { ...version.sources.revenue, terms: [{ column: 'Fee', subtract: true }] },
          },
          sign: { columns: 'Type', negativeWhen: '' },
        },
      ],
    });
    expect(issues).toEqual([
      { problem: 'field-add', version: 1, field: 'revenue' },
      { problem: 'sign-values', version: 1 },
    ]);
  });

  it('names a summed column or a sign column the identifying headers do not require', () => {
    const [layout] = GROSS_LESS_FEES.versions;
    if (!layout) throw new Error('the template has a version');
    const version = versionDraft(layout);
    const draft = {
      name: 'Indie Distro',
      versions: [{ ...version, headers: 'ISRC\nQuantity\ngross\nFee\nType' }],
    };
    // 'gross' is 'Gross' (case ignored); 'Processing Fee' could be absent from a file and read as 0.
    expect(draftIssues(draft)).toEqual([
      { problem: 'sum-column-headers', version: 1, field: 'revenue', column: 'Processing Fee' },
    ]);
    const withoutType = { ...draft, versions: [{ ...version, headers: 'ISRC\nQuantity' }] };
    expect(draftIssues(withoutType)).toContainEqual({ problem: 'sign-headers', version: 1 });
    const i18n = createI18n('en');
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(RecordFieldsEditor, {
          version: draft.versions[0] ?? version,
          issues: draftIssues(draft),
          onChange: () => {},
        }),
      ),
    );
    expect(html).toContain(
      'Add “Processing Fee” to the identifying headers too: a file without that column would otherwise be read as if it were 0.',
    );
  });

  it('shows each column with + or −, and the sign column with its negative values', () => {
    const html = render('en');
    // Offered for units and revenue only.
    expect(html.match(/<option value="sum"/g)).toHaveLength(2);
    expect(html).toContain('<option value="sum" selected="">Columns added and subtracted</option>');
    expect(html).toContain('value="Gross"');
    expect(html).toContain('value="Processing Fee"');
    expect(html.match(/<option value="subtract" selected="">− Subtract<\/option>/g)).toHaveLength(
      2,
    );
    expect(html).toContain('Add a column');
    expect(html).toContain('Values that make the row negative');
    expect(html).toContain('Refund\nVoid</textarea>');
  });

  it('summarises the sum and the sign column of a saved template', () => {
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: createI18n('en') },
        createElement(TemplateSummary, { template: GROSS_LESS_FEES }),
      ),
    );
    expect(html).toContain('<dt>Revenue</dt><dd>Gross − Fee − Processing Fee</dd>');
    expect(html).toContain('<dt>Sign</dt><dd>Type → − Refund, Void</dd>');
  });

  it('is translated', () => {
    const html = render('fr');
    expect(html).toContain('Colonnes additionnées et soustraites');
    expect(html).toContain('− Soustraire');
    expect(html).toContain('Valeurs qui rendent la ligne négative');
  });
});
