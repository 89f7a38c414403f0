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

/** The header line, CRLF included: the first chunk of a streamed CSV. */
export const csvHeaderLine = (header: readonly string[]) => `${header.map(quoted).join(',')}\r\n`;

/** One row's line, CRLF included, neutralised as `toCsv` writes it: a streamed CSV's chunks. */
export const csvLine = (row: readonly CsvCell[]) => `${row.map(cellText).join(',')}\r\n`;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvHeaderLine(header) + rows.map(csvLine).join('');
}
