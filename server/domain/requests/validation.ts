import { characterCount } from '../accounts/validation.ts'
import { REQUEST_ERRORS, type RequestErrorText } from './errors.ts'

/**
 * The description rules (docs/product.md#accounts) as a pure function, shared by the server (which wraps a problem into
 * its 400) and the web client (which maps it to its catalog key).
 */

export const DESCRIPTION_MIN = 1
export const DESCRIPTION_MAX = 500

/** docs/product.md#accounts: letters (with ä ö, and å for Swedish), digits, whitespace and . , ! ? : - */
const DESCRIPTION_CHARACTERS = /^[A-Za-zÄÖÅäöå0-9\s.,!?:-]+$/

/** One character (code point) allowed in a description: the web client names the ones that are not. */
export const isDescriptionCharacter = (character: string): boolean => DESCRIPTION_CHARACTERS.test(character)

/**
 * A whole text of allowed characters: the rule messages between owner and helper share (docs/product.md#conversation).
 */
export const hasOnlyDescriptionCharacters = (text: string): boolean => DESCRIPTION_CHARACTERS.test(text)

/** Checked on the trimmed text, which is what is stored; counted in characters as the SQL CHECK counts them. */
export function descriptionProblem(input: string): RequestErrorText | null {
  const description = input.trim()
  const length = characterCount(description)
  if (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX) return REQUEST_ERRORS.descriptionLength
  if (!hasOnlyDescriptionCharacters(description)) return REQUEST_ERRORS.descriptionChars
  return null
}
