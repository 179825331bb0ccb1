import type { MessageKey } from '../i18n/messages.ts'

/**
 * The account rules of SPEC section 5, checked in the browser for a quick answer. The server checks the same
 * rules and is the authority; its messages map to the same keys.
 */

export const USERNAME_MIN = 3
export const USERNAME_MAX = 16
export const PASSWORD_MIN = 5
export const RADIUS_MAX_DIGITS = 3

/**
 * Letters a-z and A-Z with ä, ö, Ä and Ö, digits, underscore, space and hyphen (SPEC 5), and å and Å as the
 * server allows them: Swedish-speaking Finns write their names with them.
 */
const USERNAME_CHARACTERS = /^[A-Za-zÄÖÅäöå0-9_ -]+$/

/** Checks the name as the server stores it: without spaces at either end. */
export function usernameError(input: string): MessageKey | null {
  const name = input.trim()
  if (name === '') return 'fillallfields'
  // Counted in characters as the user sees them, so "Pöllö" is five.
  const length = [...name].length
  if (length < USERNAME_MIN || length > USERNAME_MAX) return 'invalidusernamelength'
  if (!USERNAME_CHARACTERS.test(name)) return 'invalidusernamechars'
  return null
}

export function passwordError(password: string): MessageKey | null {
  if (password === '') return 'fillallfields'
  if (password.length < PASSWORD_MIN) return 'passwordtooshort'
  return null
}

/** Radius in km as typed: digits only, one to three of them. */
export function radiusError(radius: string): MessageKey | null {
  if (radius === '') return 'fillallfields'
  if (!/^[0-9]+$/.test(radius)) return 'invalidradiuschars'
  // The server keeps 1-999 km: "0" or "000" would be three digits of nothing.
  if (radius.length > RADIUS_MAX_DIGITS || Number(radius) < 1) return 'invalidradiuslength'
  return null
}
