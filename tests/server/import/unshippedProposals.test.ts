// Statements in layouts the portal does not ship (fixtures/unshipped/, each with its right
// mapping and the source of its column names): the proposal never reads a money column wrongly
// without asking, and what a label must still fix by hand is counted, file by file.
import { describe, expect, it } from 'vitest';
import { scoreUnshipped } from '../../../scripts/proposalScore';

describe('proposals for layouts the portal does not ship', () => {
  it('chooses no revenue or units column wrongly without asking, and leaves few fields to fix', async () => {
    const scores = await scoreUnshipped();
    expect(scores.length).toBeGreaterThanOrEqual(8);
    expect(scores.flatMap((score) => score.chosenWrong)).toEqual([]);
    // Every money field is either chosen right or asked with the right column among the candidates.
    for (const score of scores)
      expect([...score.chosenRight, ...score.asked].sort(), score.file).toEqual([
        'revenue',
        'units',
      ]);
    expect(Object.fromEntries(scores.map((score) => [score.file, score.corrections]))).toEqual({
      'anthology-digital-sales.csv': [],
      // The store under its own name, where the proposal takes the DSP column (it holds the same).
      'cargo-royalty-extended.csv': ['service'],
      'dashgo-royalties.csv': [],
      'dpm-networks.csv': [],
      // report_date, when the money was allocated, comes before the sale's start date.
      'labelcaster-detailed.csv': ['date'],
      // `cat` alone is not read as a catalog number.
      'labelgrid-statement.csv': ['code cat:custom'],
      // A GRid is read as a code of the label's own.
      'reprtoir-incomes.csv': ['code GRid code:custom'],
      'soundexchange-statement.csv': [],
      'sounds-royalty-report.csv': [],
    });
  });
});
