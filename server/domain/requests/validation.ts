import { characterCount } from '../accounts/validation.ts'
import { REQUEST_ERRORS, type RequestErrorText } from './errors.ts'

/**
 * The description rules (docs/product.md#accounts) as a pure function, shared by the server (which wraps a problem into
 * its 400) and the web client (which maps it to its catalog key).
 */

export const DESCRIPTION_MIN = 1
export const DESCRIPTION_MAX = 500

/**
 * docs/product.md#accounts: letters, digits, whitespace and . , ! ? : - . "Letters including ä and ö" is read as every
 * letter of every script (é, ü, ñ, å, Ž, ...), with its combining marks (an e and U+0301 typed as two code points),
 * and digits of any script: a cyclist writes their own language. The punctuation is the contract's list.
 */
const DESCRIPTION_CHARACTERS = /^[\p{L}\p{M}\p{N}\s.,!?:-]+$/u

/** One character (code point) allowed in a description: the web client names the ones that are not. */
export const isDescriptionCharacter = (character: string): boolean => DESCRIPTION_CHARACTERS.test(character)

const hasOnlyDescriptionCharacters = (text: string): boolean => DESCRIPTION_CHARACTERS.test(text)

/** Checked on the trimmed text, which is what is stored; counted in characters as the SQL CHECK counts them. */
export function descriptionProblem(input: string): RequestErrorText | null {
  const description = input.trim()
  const length = characterCount(description)
  if (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX) return REQUEST_ERRORS.descriptionLength
  if (!hasOnlyDescriptionCharacters(description)) return REQUEST_ERRORS.descriptionChars
  return null
}
