/** The answer of every rate limit. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** Errors a command may end in; the error handler turns each into its status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly title?: string,
    /** Field by field, for forms that show each problem beside its field. */
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export interface FieldError {
  path: string;
  message: string;
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'The requested resource was not found.') {
    super(404, message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, undefined, errors);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Your session has ended. Please log in again.') {
    super(401, message);
  }
}
