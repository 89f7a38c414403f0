// Reads one spreadsheet in a worker thread, so that the library's memory, its run time and any
// prototype pollution from a hostile file stay in an isolate that is thrown away afterwards.
// Plain JavaScript: a worker is started by Node itself, outside the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import XLSX from '@e965/xlsx';

const BATCH_ROWS = 2000;
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

async function main() {
  const workbook = XLSX.read(Buffer.from(workerData.bytes), {
    type: 'buffer',
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
  for (const name of workbook.SheetNames) {
    parentPort.postMessage({ type: 'sheet', name });
    const sheet = workbook.Sheets[name];
    const ref = sheet?.['!ref'];
    if (!ref) continue;
    const range = XLSX.utils.decode_range(ref);
    let batch = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells = new Array(range.e.c + 1);
      for (let c = 0; c <= range.e.c; c++) {
        cells[c] = c < range.s.c ? '' : cellText(sheet[XLSX.utils.encode_cell({ r, c })], date1904);
      }
      batch.push({ row: r + 1, cells });
      if (batch.length === BATCH_ROWS) {
        parentPort.postMessage({ type: 'rows', rows: batch });
        batch = [];
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
