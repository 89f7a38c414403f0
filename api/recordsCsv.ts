// SPEC section 7's CSV download helper: the records of a label's approved statements from a
// month on, for one distributor, as one CSV file.
import { Type, type Static } from 'typebox';
import { REPORT_MONTH_PATTERN } from './statementUpload';

/** GET /api/statements/records: `start` (YYYY-MM) and `distributor`, as SPEC section 7 names them. */
export const RecordsCsvQuery = Type.Object(
  {
    /** The first statement month included: statements of this month and later. */
    start: Type.String({ pattern: REPORT_MONTH_PATTERN }),
    /** The distributor whose statements are read. */
    distributor: Type.String({ minLength: 1, maxLength: 100 }),
    /** The label account, for staff who see every account; others read their own. */
    account: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type RecordsCsvQuery = Static<typeof RecordsCsvQuery>;

/** The CSV's columns, in order. */
export const RECORDS_CSV_HEADER = [
  'Statement',
  'Month',
  'File',
  'Row',
  'Code',
  'Code type',
  'Title',
  'Artist',
  'Service',
  'Format',
  'Territory',
  'Date',
  'Units',
  'Revenue',
  'Currency',
] as const;
