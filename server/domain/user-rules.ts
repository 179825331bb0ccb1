import { badRequest } from '../errors.ts'
import { USER_MESSAGES } from './user-messages.ts'

export const LANGUAGES = ['finnish', 'swedish', 'english'] as const
export type Language = (typeof LANGUAGES)[number]

export const USER_NAME_MIN = 3
export const USER_NAME_MAX = 16
/**
 * SPEC 5: letters including ä ö Ä Ö, digits, underscore, space and hyphen. We also accept å and Å: Swedish is
 * one of the app's three languages and Swedish-speaking Finns write their names with it.
 */
const USER_NAME_CHARACTERS = /^[A-Za-zÄÖÅäöå0-9_ -]+$/
export const PASSWORD_MIN = 5
/** Refused before hashing, so nobody can make the server hash megabytes. */
export const PASSWORD_MAX = 1024

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/** Throws "Please fill in all fields" when any value is missing or blank. */
export function requireFilled(...values: unknown[]): void {
  if (values.some(isBlank)) throw badRequest(USER_MESSAGES.fillAllFields)
}

/** The name as stored: trimmed, 3-16 characters of the allowed set. */
export function checkUserName(input: string): string {
  const name = input.trim()
  requireFilled(name)
  if (name.length < USER_NAME_MIN || name.length > USER_NAME_MAX) throw badRequest(USER_MESSAGES.userNameLength)
  if (!USER_NAME_CHARACTERS.test(name)) throw badRequest(USER_MESSAGES.userNameChars)
  return name
}

export function checkNewPassword(password: string): string {
  requireFilled(password)
  if (password.length < PASSWORD_MIN) throw badRequest(USER_MESSAGES.passwordTooShort)
  if (password.length > PASSWORD_MAX) throw badRequest(USER_MESSAGES.passwordTooLong)
  return password
}

/** SPEC 5: digits only, 1 to 3 of them; the SPEC's form field sends a string, API clients may send a number. */
export function checkRadius(input: string | number): number {
  const text = typeof input === 'number' ? String(input) : input.trim()
  requireFilled(text)
  if (!/^\d+$/.test(text)) throw badRequest(USER_MESSAGES.radiusChars)
  const radius = Number(text)
  // "0" and "000" have 1-3 digits but no area: the closest SPEC message is the length one.
  if (text.length > 3 || radius < 1) throw badRequest(USER_MESSAGES.radiusLength)
  return radius
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
  if (!hasLatitude || !hasLongitude) throw badRequest(USER_MESSAGES.invalidLocation)
  return checkLocation(latitude, longitude)
}

export function checkLocation(latitude: number, longitude: number): Location {
  const valid =
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
  if (!valid) throw badRequest(USER_MESSAGES.invalidLocation)
  return { latitude, longitude }
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
