import type { MessageKey } from '../i18n/catalog.ts'

/** A failed API call: the HTTP status (0 when the server was not reached) and the server's `message`. */
export class ApiError extends Error {
  readonly status: number
  /** A 429's Retry-After in seconds, when the server said when to come back. */
  readonly retryAfterSeconds: number | null

  constructor(status: number, message: string, retryAfterSeconds: number | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * A call whose session ended while it ran: its token was refused and so was the refresh (a logout elsewhere, a
 * suspension). The app is signing out and says why, so whoever made the call has no error of its own to report.
 */
export class SessionEndedError extends ApiError {
  constructor(message: string) {
    super(401, message)
    this.name = 'SessionEndedError'
  }
}

/** A failure that already knows which catalog message to show, e.g. the reCAPTCHA check or a client-side rule. */
export class KeyedError extends Error {
  readonly key: MessageKey

  constructor(key: MessageKey, cause?: unknown) {
    super(key, { cause })
    this.name = 'KeyedError'
    this.key = key
  }
}

/**
 * Logs a failed call for whoever debugs the app, unless the call's session ended while it ran: then the app is
 * signing out and says why, and the call has no error of its own (SessionEndedError).
 */
export function logCallFailure(what: string, error: unknown): void {
  if (!(error instanceof SessionEndedError)) console.error(what, error)
}
