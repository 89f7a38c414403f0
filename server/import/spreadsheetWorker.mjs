// Reads one spreadsheet in a worker thread, so that the library's memory, its run time and any
// prototype pollution from a hostile file stay in an isolate that is thrown away afterwards.
// Plain JavaScript: a worker is started by Node itself, outside the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import XLSX from '@e965/xlsx';

const BATCH_ROWS = 2000;
// A batch is also ended at this many cells, so no one message keeps the reading thread busy long.
const BATCH_CELLS = 100_000;
const BATCH_CHARS = 4 * 1024 * 1024;
const ERROR_TEXT = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
};

/** The next message from the reading side: it asks for more rows when it has used the last batch. */
function nextRequest() {
  return new Promise((resolve) => parentPort.once('message', resolve));
}

/** Shortest round-trip text of a double, written without an exponent ('1.5e-7' → '0.00000015'). */
export function plainNumber(value) {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([-+]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', exponentText] = match;
  const digits = lead + rest;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const point = 1 + exponent;
  return digits.length > point
    ? `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
    : `${sign}${digits}${'0'.repeat(point - digits.length)}`;
}

function isoDate(year, month, day) {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function cellText(cell, date1904) {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
    case 'str':
      return cell.v == null ? '' : String(cell.v);
    case 'n': {
      // A number shown with a date format is a date serial: read it with the workbook's epoch.
      if (cell.z && XLSX.SSF.is_date(cell.z)) {
        const parts = XLSX.SSF.parse_date_code(cell.v, { date1904 });
        if (parts) return isoDate(parts.y, parts.m, parts.d);
      }
      return plainNumber(cell.v);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date
        ? isoDate(cell.v.getUTCFullYear(), cell.v.getUTCMonth() + 1, cell.v.getUTCDate())
        : String(cell.v);
    case 'e':
      return ERROR_TEXT[cell.v] ?? '#ERROR!';
    default:
      return '';
  }
}

/** A cell with something in it: a declared dimension or a styled empty cell is not content. */
function hasContent(cell) {
  return cell != null && cell.t !== 'z' && cell.v !== undefined && cell.v !== '';
}

/**
 * The rows of a sheet that hold content, with their last cell with content: the sheet's real
 * extent, whatever its dimension tag claims. The sheet's rows are a sparse array (dense mode).
 */
function extent(sheet) {
  const data = sheet?.['!data'] ?? [];
  const rows = [];
  let cells = 0;
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    let width = 0;
    for (let c = 0; c < row.length; c++) {
      if (hasContent(row[c])) {
        cells++;
        width = c + 1;
      }
    }
    if (width > 0) rows.push({ r, width });
  }
  return { data, rows, cells };
}

/** Why the workbook is refused, or null: checked before any row of it is sent. */
function overLimit(extents, limits) {
  let cells = 0;
  for (const { name, rows } of extents) {
    const last = rows.at(-1);
    if (last && last.r >= limits.maxRows) {
      return tooManyRows(name, limits);
    }
    const wide = rows.find((row) => row.width > limits.maxCellsPerRow);
    if (wide) return `Row ${wide.r + 1} has more than ${limits.maxCellsPerRow} cells`;
  }
  for (const extent of extents) cells += extent.cells;
  return cells > limits.maxCells ? tooManyCells(limits) : null;
}

const ODS_TAG =
  /<table:table(?<sheet>[\s>][^>]*)|<table:table-row\b(?<row>[^>]*)>|<\/table:table-row>|<table:(?:covered-)?table-cell\b(?<cell>[^>]*)>/g;
const repeat = (attributes, name) => {
  const match = new RegExp(`table:number-${name}-repeated="(\\d+)"`).exec(attributes);
  return match ? Number(match[1]) : 1;
};

/**
 * An OpenDocument sheet says "this row, a billion times" in a few bytes, and the spreadsheet
 * library writes out every copy. Its rows and cells with content are counted from content.xml,
 * repeats multiplied out, before the library reads it. Empty repeated rows and cells (the
 * thousands LibreOffice writes after the last row) hold no content and count for nothing.
 */
function odsOverLimit(xml, limits) {
  let sheet = '';
  let row = 0;
  let rowRepeat = 1;
  let column = 0;
  let width = 0;
  let rowCells = 0;
  let cells = 0;
  for (const match of xml.matchAll(ODS_TAG)) {
    const { sheet: sheetAttributes, row: rowAttributes, cell: cellAttributes } = match.groups;
    if (sheetAttributes !== undefined) {
      sheet = /table:name="([^"]*)"/.exec(sheetAttributes)?.[1] ?? '';
      row = 0;
    } else if (rowAttributes !== undefined) {
      rowRepeat = repeat(rowAttributes, 'rows');
      column = 0;
      width = 0;
      rowCells = 0;
    } else if (cellAttributes !== undefined) {
      const columns = repeat(cellAttributes, 'columns');
      column += columns;
      if (cellAttributes.includes('value-type=')) {
        rowCells += columns;
        width = column;
      }
    } else {
      if (rowCells > 0) {
        if (row + rowRepeat > limits.maxRows) {
          return tooManyRows(sheet, limits);
        }
        if (width > limits.maxCellsPerRow) {
          return `Row ${row + 1} has more than ${limits.maxCellsPerRow} cells`;
        }
        cells += rowCells * rowRepeat;
        if (cells > limits.maxCells) return tooManyCells(limits);
      }
      row += rowRepeat;
      rowRepeat = 1;
    }
  }
  return null;
}

const tooManyRows = (sheet, limits) =>
  `Sheet '${sheet}' has more than ${limits.maxRows} rows; upload a larger statement as CSV`;
const tooManyCells = (limits) =>
  `The spreadsheet has more than ${limits.maxCells} cells with content; upload a larger statement as CSV`;

/** An OpenDocument package's content.xml as text; null when the package has none. */
function odsContent(bytes) {
  try {
    const content = XLSX.CFB.find(XLSX.CFB.read(bytes, { type: 'buffer' }), 'content.xml');
    return content?.content ? Buffer.from(content.content).toString('latin1') : null;
  } catch {
    return null;
  }
}

/**
 * A workbook that reads as empty because its sheets are broken, not because they hold nothing:
 * the library reads a cut or garbled sheet part, or a missing one, as an empty sheet. An xlsx
 * sheet part ends with its closing tag, which Excel writes even for an empty sheet (an ods
 * content.xml is checked before it is read).
 */
function damagedPackage(bytes, format) {
  if (format !== 'xlsx') return false;
  let parts;
  try {
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
    parts = zip.FullPaths.map((path, i) => ({
      path: path.replace(/^Root Entry\//, ''),
      content: zip.FileIndex[i]?.content,
    }));
  } catch {
    return true;
  }
  const text = (part) =>
    Buffer.from(part.content ?? [])
      .toString('latin1')
      .trimEnd();
  const sheets = parts.filter((part) => /^xl\/worksheets\/[^/]+\.xml$/.test(part.path));
  return sheets.length === 0 || sheets.some((sheet) => !/<\/(\w+:)?worksheet>$/.test(text(sheet)));
}

/** Ends the reading with the limit the workbook went past. */
function refuse(message) {
  parentPort.postMessage({ type: 'limit', message });
}

async function main() {
  const { limits, format } = workerData;
  const bytes = Buffer.from(workerData.bytes);
  if (format === 'ods') {
    const xml = odsContent(bytes);
    // Cut short, the sheets before the cut would read and the rest be lost without a word.
    if (xml === null || !xml.trimEnd().endsWith('</office:document-content>')) {
      return parentPort.postMessage({ type: 'damaged' });
    }
    const refused = odsOverLimit(xml, limits);
    if (refused) return refuse(refused);
  }
  const workbook = XLSX.read(bytes, {
    type: 'buffer',
    // Rows as sparse arrays, so only the cells present are visited, never a claimed range.
    dense: true,
    cellNF: true,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
    bookVBA: false,
    // Text and HTML files named .xls are read as they are, never turned into numbers or dates.
    raw: true,
  });
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const extents = workbook.SheetNames.map((name) => ({
    name,
    ...extent(workbook.Sheets[name]),
  }));
  const refused = overLimit(extents, limits);
  if (refused) return refuse(refused);
  if (extents.every((sheet) => sheet.rows.length === 0) && damagedPackage(bytes, format)) {
    return parentPort.postMessage({ type: 'damaged' });
  }
  for (const { name, data, rows } of extents) {
    parentPort.postMessage({ type: 'sheet', name });
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) continue;
    let batch = [];
    let batchCells = 0;
    let batchChars = 0;
    let next = 0;
    // Every row of the used range, an empty one as no cells; each row to its last cell with content.
    for (let r = first.r; r <= last.r; r++) {
      const used = rows[next]?.r === r ? rows[next++] : null;
      const cells = new Array(used ? used.width : 0);
      let rowChars = 0;
      for (let c = 0; c < cells.length; c++) {
        const text = cellText(data[r]?.[c], date1904);
        if (text.length > limits.maxCellChars) {
          return refuse(`Row ${r + 1} has a cell longer than ${limits.maxCellChars} characters`);
        }
        rowChars += text.length;
        cells[c] = text;
      }
      if (rowChars > limits.maxRowChars) {
        return refuse(`Row ${r + 1} is longer than ${limits.maxRowChars} characters`);
      }
      batch.push({ row: r + 1, cells });
      batchCells += cells.length + 1;
      batchChars += rowChars;
      if (batch.length === BATCH_ROWS || batchCells >= BATCH_CELLS || batchChars >= BATCH_CHARS) {
        parentPort.postMessage({ type: 'rows', rows: batch });
        batch = [];
        batchCells = 0;
        batchChars = 0;
        const request = await nextRequest();
        if (request !== 'more') return;
      }
    }
    if (batch.length > 0) {
      parentPort.postMessage({ type: 'rows', rows: batch });
      const request = await nextRequest();
      if (request !== 'more') return;
    }
  }
  parentPort.postMessage({ type: 'done' });
}

if (parentPort) {
  main().catch((error) => {
    parentPort.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  });
}
