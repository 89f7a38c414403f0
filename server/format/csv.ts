/**
 * CSV as SPEC section 7 answers it: one header row, comma separated, CRLF line ends. Text cells
 * that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) are kept as
 * text with a leading apostrophe; amounts are exact decimal strings written as they are.
 */
export type CsvCell = { text: string | null } | { decimal: string } | { integer: number | null };

const FORMULA_START = /^[=+\-@\t\r]/;

function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function cellText(cell: CsvCell): string {
  if ('decimal' in cell) return cell.decimal;
  if ('integer' in cell) return cell.integer === null ? '' : String(cell.integer);
  if (cell.text === null) return '';
  return quoted(FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text);
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(quoted).join(','), ...rows.map((row) => row.map(cellText).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
