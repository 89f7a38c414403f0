// POST /api/statement/upload: the `body` JSON part that goes with the statement's files.
import { Type, type Static } from 'typebox';

/** SPEC section 3, "Upload request". */
export const UploadRequest = Type.Object(
  {
    distributor: Type.String({ minLength: 1 }),
    /** `YYYY-MM`. */
    report_month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
    /** The amount the label expects to receive, as exact decimal text. */
    expected: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type UploadRequest = Static<typeof UploadRequest>;
