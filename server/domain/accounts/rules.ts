import { badRequest } from '../../errors.ts'
import { USER_ERRORS } from './errors.ts'
import { isBlank, newPasswordProblem, radiusProblem, radiusText, userNameProblem, type Language } from './validation.ts'

// The limits and the language list live with the pure rules the web client shares; re-exported for the server.
export { LANGUAGES, PASSWORD_MAX, type Language } from './validation.ts'

/** The server's side of a shared rule: a problem becomes the 400 that carries its message. */
function refuse(problem: string | null): void {
  if (problem !== null) throw badRequest(problem)
}

/** Throws "Please fill in all fields" when any value is missing or blank. */
export function requireFilled(...values: unknown[]): void {
  if (values.some(isBlank)) throw badRequest(USER_ERRORS.fillAllFields)
}

/** The name as stored: trimmed, 3-16 characters of the allowed set. */
export function checkUserName(input: string): string {
  refuse(userNameProblem(input))
  return input.trim()
}

export function checkNewPassword(password: string): string {
  refuse(newPasswordProblem(password))
  return password
}

/**
 * docs/product.md#accounts: digits only, 1 to 3 of them; the contract's form field sends a string, API clients may send a
 * number.
 */
export function checkRadius(input: string | number): number {
  refuse(radiusProblem(input))
  return Number(radiusText(input))
}

export interface Location {
  latitude: number
  longitude: number
}

/** Both coordinates or neither; in range. */
export function checkOptionalLocation(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Location | null {
  const hasLatitude = latitude !== null && latitude !== undefined
  const hasLongitude = longitude !== null && longitude !== undefined
  if (!hasLatitude && !hasLongitude) return null
  if (!hasLatitude || !hasLongitude) throw badRequest(USER_ERRORS.invalidLocation)
  return checkLocation(latitude, longitude)
}

export function checkLocation(latitude: number, longitude: number): Location {
  const valid =
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  if (!valid) throw badRequest(USER_ERRORS.invalidLocation)
  return { latitude: withoutDust(latitude), longitude: withoutDust(longitude) }
}

/**
 * A coordinate within a nanodegree (0.1 mm) of zero is zero. PostgreSQL refuses a float8 operation whose result
 * underflows (2.5e-323 squared by the distance formula is an error, not 0), so such dust would turn the reach
 * rule into a 500; any two other coordinates differ by zero or by far more than that.
 */
function withoutDust(degrees: number): number {
  return Math.abs(degrees) < 1e-9 ? 0 : degrees
}

/** The language to keep for a new user who did not say: their browser's, else English. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const primary = part.trim().split(/[-_;]/)[0]?.toLowerCase()
    if (primary === 'fi') return 'finnish'
    if (primary === 'sv') return 'swedish'
    if (primary === 'en') return 'english'
  }
  return 'english'
}
