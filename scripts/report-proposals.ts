// Prints, per sample statement in a layout the portal does not ship, what a label must correct
// in the proposed layout and whether a money column was chosen wrongly without asking.
import { scoreUnshipped } from './proposalScore';

const scores = await scoreUnshipped();
const rows = scores.map((score) => ({
  file: score.file,
  layout: score.layout,
  corrections: String(score.corrections.length),
  'fixed by hand': score.corrections.join(', ') || '-',
  'money asked': score.asked.join(', ') || '-',
  'money chosen': [...score.chosenRight, ...score.chosenWrong].length
    ? `${score.chosenRight.length} right, ${score.chosenWrong.length} wrong`
    : '-',
  'chosen wrongly without asking': score.chosenWrong.join('; ') || 'none',
}));
const columns = Object.keys(rows[0] ?? {}) as Array<keyof (typeof rows)[number]>;
const widths = columns.map((column) =>
  Math.max(column.length, ...rows.map((row) => row[column].length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, at) => cell.padEnd(widths[at] ?? 0)).join(' | ')} |`;
console.log(line(columns));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(columns.map((column) => row[column])));
const total = scores.reduce((sum, score) => sum + score.corrections.length, 0);
const wrong = scores.reduce((sum, score) => sum + score.chosenWrong.length, 0);
const asked = scores.reduce((sum, score) => sum + score.asked.length, 0);
console.log(
  `\n${scores.length} files: ${total} corrections, ${asked} money fields asked, ${wrong} chosen wrongly without asking.`,
);
