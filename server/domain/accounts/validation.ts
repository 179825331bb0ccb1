import { USER_ERRORS, type UserErrorText } from './errors.ts'

/**
 * The account rules of docs/product.md#accounts as pure functions, shared by the server (which wraps a problem into its 400)
 * and the web client (which maps it to its catalog key through the same table as the server's answers). Each
 * returns the server's message for the first problem found, or null. No imports but the messages: the web bundle
 * loads this file.
 */

export { LANGUAGES, type Language } from './languages.ts'

export const USER_NAME_MIN = 3
export const USER_NAME_MAX = 16
export const PASSWORD_MIN = 5
/** Refused before hashing, so nobody can make the server hash megabytes. */
export const PASSWORD_MAX = 1024
/** Kilometres, typed as one to three digits (docs/product.md#accounts, #limits). */
export const RADIUS_MIN = 1
export const RADIUS_MAX = 999
export const RADIUS_MAX_DIGITS = 3

/**
 * docs/product.md#accounts: letters including ä ö Ä Ö, digits, underscore, space and hyphen. We also accept å and Å:
 * Swedish is one of the app's three languages and Swedish-speaking Finns write their names with it.
 */
const USER_NAME_CHARACTERS = /^[A-Za-zÄÖÅäöå0-9_ -]+$/

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/**
 * Characters as a person counts them: code points, so "Åsa" is 3 and an emoji is 1. The SQL CHECKs count the
 * same way (char_length), so a text the rules let through is one the database stores.
 */
export function characterCount(text: string): number {
  return Array.from(text).length
}

/** The name as stored is trimmed: 3-16 characters of the allowed set. */
export function userNameProblem(input: string): UserErrorText | null {
  const name = input.trim()
  if (name === '') return USER_ERRORS.fillAllFields
  const length = characterCount(name)
  if (length < USER_NAME_MIN || length > USER_NAME_MAX) return USER_ERRORS.userNameLength
  if (!USER_NAME_CHARACTERS.test(name)) return USER_ERRORS.userNameChars
  return null
}

/**
 * Counted in UTF-16 units, not code points: there is no column to agree with, and the hasher's guard
 * (passwords.ts) compares the same length, so a password accepted here is always one a login can check.
 */
export function newPasswordProblem(password: string): UserErrorText | null {
  if (isBlank(password)) return USER_ERRORS.fillAllFields
  if (password.length < PASSWORD_MIN) return USER_ERRORS.passwordTooShort
  if (password.length > PASSWORD_MAX) return USER_ERRORS.passwordTooLong
  return null
}

/** The radius as typed (spaces at the ends ignored); API clients may send a number. */
export function radiusText(input: string | number): string {
  return typeof input === 'number' ? String(input) : input.trim()
}

/** docs/product.md#accounts: digits only, 1 to 3 of them, and at least 1 km. */
export function radiusProblem(input: string | number): UserErrorText | null {
  const text = radiusText(input)
  if (text === '') return USER_ERRORS.fillAllFields
  if (!/^[0-9]+$/.test(text)) return USER_ERRORS.radiusChars
  // "0" and "000" have 1-3 digits but no area: the closest message of the contract is the length one.
  if (text.length > RADIUS_MAX_DIGITS || Number(text) < RADIUS_MIN) return USER_ERRORS.radiusLength
  return null
}
