/**
 * An error whose message is meant for the user: the error handler answers it as `{ message }` with its status.
 * Anything else that is thrown is a bug and becomes a logged 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After: when a refused (429) request may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message = 'Bad request') => new HttpError(400, message)
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message)
export const forbidden = (message = 'Forbidden') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds)))

/** The genericerror text (docs/product.md#messages), so a client that shows the server's words still says something sensible. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong, try again later'
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, try again later'
