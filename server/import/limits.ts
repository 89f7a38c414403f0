/** Bounds that keep a hostile or broken upload from exhausting memory or time. */
export interface ImportLimits {
  /** Total bytes a compressed CSV may expand to, every archive layer's output counted. */
  maxUncompressedBytes: number;
  /** Archives opened one inside another to reach the statement (a .csv.zip is 1). */
  maxArchiveDepth: number;
  /** Files listed by all the zip archives of one upload together. */
  maxArchiveEntries: number;
  /** Expansion ratio allowed once the output passes `ratioCheckAfterBytes`. */
  maxCompressionRatio: number;
  ratioCheckAfterBytes: number;
  /** A spreadsheet is read whole by its library, so its file size is capped. */
  maxSpreadsheetBytes: number;
  /** What the parts of an xlsx/ods package may declare, unpacked, in total. */
  maxSpreadsheetUnpackedBytes: number;
  /** Rows a sheet may reach, counted to its last row with content. */
  maxSpreadsheetRows: number;
  /** Cells with content a workbook may hold, all sheets together. */
  maxSpreadsheetCells: number;
  /** Wall-clock bound for reading one spreadsheet. */
  spreadsheetTimeoutMs: number;
  maxCellChars: number;
  maxRowChars: number;
  maxCellsPerRow: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxUncompressedBytes: 1024 * 1024 * 1024,
  // DistroKid sends a zip in a zip: 2, and one more layer (a .gz inside) is still a statement.
  // Deeper nesting is the shape of recursive zip bombs, and each zip layer is spooled to disk.
  maxArchiveDepth: 3,
  maxArchiveEntries: 1000,
  maxCompressionRatio: 200,
  // Early: a 6.5 MB gzip bomb is refused after 4 MB of output, not a gigabyte and seconds of CPU.
  // Statements compress 5 to 50 times; a few megabytes of output are a fair sample of the ratio.
  ratioCheckAfterBytes: 4 * 1024 * 1024,
  maxSpreadsheetBytes: 50 * 1024 * 1024,
  maxSpreadsheetUnpackedBytes: 600 * 1024 * 1024,
  // Excel's own last row: no sheet Excel writes goes further.
  maxSpreadsheetRows: 1_048_576,
  // A full Excel sheet of a statement of 14 columns; the reader's heap holds it.
  maxSpreadsheetCells: 15_000_000,
  spreadsheetTimeoutMs: 120_000,
  maxCellChars: 1024 * 1024,
  maxRowChars: 4 * 1024 * 1024,
  maxCellsPerRow: 5_000,
};

export function withLimits(overrides?: Partial<ImportLimits>): ImportLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
