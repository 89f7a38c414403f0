// How well the layout proposal reads statements in layouts the portal does not ship: per sample
// file (tests/server/import/fixtures/unshipped/), the fields a label must fix by hand and whether
// a money column was chosen wrongly without asking. Used by its test and by `report:proposals`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LayoutProposal } from '../api/layouts';
import type { FieldSource, LayoutVersion } from '../rules/templateSchema';
import { proposeLayout } from '../server/import/proposeLayout';

export const UNSHIPPED_FIXTURES = fileURLToPath(
  new URL('../tests/server/import/fixtures/unshipped/', import.meta.url),
);

const TEXT_FIELDS = ['title', 'artist', 'territory', 'date', 'service', 'currency'] as const;
const MONEY_FIELDS = ['units', 'revenue'] as const;

/** A sample's right mapping, as a label would correct the proposal to: `<file>.expected.json`. */
export interface ExpectedMapping {
  layout: string;
  source: string;
  traps: string[];
  mapping: {
    codes: Array<{ column: string; kind: string }>;
    units: string;
    revenue: string;
  } & Partial<Record<(typeof TEXT_FIELDS)[number], string | null>>;
}

export interface ProposalScore {
  file: string;
  layout: string;
  /** Fields a label must set by hand: wrong or missing (a pick among candidates is none). */
  corrections: string[];
  /** Money fields the proposal asked the label to pick (the right column among the candidates). */
  asked: string[];
  /** Money fields chosen without asking, and right. */
  chosenRight: string[];
  /** Money fields chosen without asking, and wrong: the proposal's goal is none. */
  chosenWrong: string[];
}

const firstColumn = (source: LayoutVersion['fields'][keyof LayoutVersion['fields']]) =>
  source && typeof source === 'object' && 'columns' in source
    ? ((source as Extract<FieldSource, { columns: string[] }>).columns[0] ?? null)
    : null;

/** The proposal for one sample file scored against its right mapping. */
export function scoreProposal(
  file: string,
  proposal: LayoutProposal,
  expected: ExpectedMapping,
): ProposalScore {
  const { fields } = proposal.layout;
  const corrections: string[] = [];
  const asked: string[] = [];
  const chosenRight: string[] = [];
  const chosenWrong: string[] = [];
  // A column of the layout by the name the sample gives it (`Revenue {currency}` is `Revenue EUR`).
  const sampleName = (column: string | null) =>
    column === null
      ? null
      : (proposal.header.find(
          (cell) =>
            cell === column ||
            new RegExp(
              `^${column
                .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
                .replace('{currency}', '[A-Za-z]{3}')}$`,
            ).test(cell),
        ) ?? column);

  const proposedCodes = fields.codes.map((code) => `${code.column}:${code.kind}`);
  const expectedCodes = expected.mapping.codes.map((code) => `${code.column}:${code.kind}`);
  for (const code of expectedCodes)
    if (!proposedCodes.includes(code)) corrections.push(`code ${code}`);
  for (const code of proposedCodes)
    if (!expectedCodes.includes(code)) corrections.push(`code ${code}`);

  for (const field of TEXT_FIELDS) {
    const want = expected.mapping[field] ?? null;
    const source = field === 'currency' ? fields.currency : fields[field];
    const got = source && 'fromHeader' in source ? null : sampleName(firstColumn(source));
    if (field === 'currency' && want === undefined) continue;
    if ((got ?? null) !== want) corrections.push(field);
  }

  for (const field of MONEY_FIELDS) {
    const want = expected.mapping[field];
    const chosen = sampleName(firstColumn(fields[field]));
    const choice = (proposal.choices ?? []).find((choice) => choice.field === field);
    if (choice) {
      const offered = choice.candidates.some((candidate) => candidate.header === want);
      if (offered) asked.push(field);
      else corrections.push(field);
    } else if (chosen === want) chosenRight.push(field);
    else if (chosen === null) corrections.push(field);
    else {
      chosenWrong.push(`${field}: ${chosen} instead of ${want}`);
      corrections.push(field);
    }
  }
  return { file, layout: expected.layout, corrections, asked, chosenRight, chosenWrong };
}

/** Every unshipped sample proposed and scored, in file order. */
export async function scoreUnshipped(directory = UNSHIPPED_FIXTURES): Promise<ProposalScore[]> {
  const files = readdirSync(directory)
    .filter((name) => !name.endsWith('.expected.json'))
    .sort();
  const scores: ProposalScore[] = [];
  for (const file of files) {
    const bytes = readFileSync(join(directory, file));
    const expected = JSON.parse(
      readFileSync(join(directory, file.replace(/\.[^.]+$/, '.expected.json')), 'utf8'),
    ) as ExpectedMapping;
    scores.push(scoreProposal(file, await proposeLayout({ name: file, bytes }), expected));
  }
  return scores;
}
