import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { parseErrorBody } from '../../../src/api/responses';

describe('an error answer with field errors', () => {
  it('keeps the field errors for the form, and only well-formed ones', () => {
    const body = parseErrorBody(
      JSON.stringify({
        message: 'An amount must be positive.',
        errors: [{ path: 'amount', message: 'An amount must be positive.' }, { path: 3 }],
      }),
    );
    expect(body).toEqual({
      message: 'An amount must be positive.',
      errors: [{ path: 'amount', message: 'An amount must be positive.' }],
    });
    expect(new ApiError(400, body, 'fallback').fieldErrors).toEqual([
      { path: 'amount', message: 'An amount must be positive.' },
    ]);
  });

  it('has no field errors when the answer names none', () => {
    expect(new ApiError(409, parseErrorBody('{"message":"Changed"}'), 'x').fieldErrors).toEqual([]);
  });
});
