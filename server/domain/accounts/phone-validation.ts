import { USER_ERRORS } from './errors.ts'

/**
 * The phone rules both sides check before a number is parsed (docs/product.md#accounts). Parsing itself stays with each
 * side: the server uses libphonenumber-js's full metadata, the browser loads the small one on demand.
 */

/**
 * What a verification code proves: a new account's phone, the owner of one whose password is reset, or the owner of
 * one who logs in with a code (docs/accounts.md, "Login with a code"). A proof is good for its own purpose only.
 */
export const PURPOSES = ['register', 'reset', 'login'] as const
export type Purpose = (typeof PURPOSES)[number]

/** docs/product.md#accounts: the parser never sees more than this. */
export const PHONE_INPUT_MAX = 250

/**
 * docs/product.md#accounts: digits, spaces, hyphens and parentheses, with an optional plus at the start. Any white
 * space counts as a space (a number pasted from a web page may carry a no-break space); ASCII digits only.
 */
const PHONE_CHARACTERS = /^\+?[\d\s()-]*$/

/** True while the text has only characters a phone number may have (empty included: a field being typed). */
export function hasOnlyPhoneCharacters(input: string): boolean {
  return PHONE_CHARACTERS.test(input)
}

/** The problem of a phone number as typed, before parsing: missing, too long or with other characters. */
export function phoneTextProblem(input: string): typeof USER_ERRORS.invalidPhone | null {
  const trimmed = input.trim()
  if (trimmed.length === 0 || trimmed.length > PHONE_INPUT_MAX || !hasOnlyPhoneCharacters(trimmed)) {
    return USER_ERRORS.invalidPhone
  }
  return null
}
