import type { CsvRow } from './csv';
import { pickVersion } from './header';
import { EMPTY_FILE, headerNotFound, maxSearchRow, type RowSource } from './rowSource';
import type { SheetEvent } from './spreadsheet';
import type { DistributorTemplate } from '../../rules/templateSchema';
import { UnreadableFileError } from './types';

/** A workbook's rows from the first sheet with a header the template knows. */
export async function openSpreadsheet(
  events: AsyncGenerator<SheetEvent>,
  template: DistributorTemplate,
): Promise<RowSource> {
  const searchRows = maxSearchRow(template.versions);
  let firstRow: string[] | null = null;
  let sheet = '';
  let seen: CsvRow[] = [];
  for (;;) {
    const next = await events.next();
    if (next.done) break;
    const event = next.value;
    if (event.type === 'sheet') {
      sheet = event.name;
      seen = [];
      continue;
    }
    if (seen.length >= searchRows) continue;
    seen.push(...event.rows.slice(0, searchRows - seen.length));
    for (const { row, cells } of seen) {
      if (firstRow === null && cells.some((cell) => cell.trim() !== '')) firstRow = cells;
      const versions = template.versions.filter((v) => row > (v.skipRows ?? 0));
      const header = row <= searchRows ? pickVersion(versions, cells) : null;
      if (!header) continue;
      const headerRow = row;
      const headerWidth = trimmedWidth(cells);
      const firstBatch = event.rows.filter((r) => r.row > headerRow);
      const sheetName = sheet;
      async function* rows(): AsyncGenerator<CsvRow[]> {
        try {
          yield padded(firstBatch, headerWidth);
          for (;;) {
            const more = await events.next();
            if (more.done || more.value.type === 'sheet') break;
            yield padded(more.value.rows, headerWidth);
          }
        } finally {
          // Also when the reader stops early (a preview): the workbook's thread ends now.
          await events.return(undefined);
        }
      }
      return {
        header,
        headerRow,
        headerWidth,
        rows: rows(),
        spreadsheet: true,
        summarySource: () => ({ kind: 'spreadsheet', sheet: sheetName }),
      };
    }
  }
  if (firstRow === null) throw new UnreadableFileError('empty', EMPTY_FILE);
  throw headerNotFound(template, firstRow);
}

/** A row ends at its last cell with content: the empty cells after it are the header's too. */
function padded(rows: CsvRow[], width: number): CsvRow[] {
  for (const row of rows) {
    while (row.cells.length < width) row.cells.push('');
  }
  return rows;
}

/** Empty cells right of the header are not columns. */
function trimmedWidth(cells: readonly string[]): number {
  let width = cells.length;
  while (width > 0 && (cells[width - 1] ?? '').trim() === '') width--;
  return width;
}
