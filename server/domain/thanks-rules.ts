import { badRequest } from '../errors.ts'
import { REQUEST_MESSAGES } from './request-messages.ts'
import { hasOnlyDescriptionCharacters } from './request-validation.ts'
import { THANKS_MESSAGES } from './thanks-texts.ts'
import { characterCount } from './user-validation.ts'

/** A thank-you is a line or two, not a letter: short enough for a push and a notice. */
export const THANKS_MAX = 200

/**
 * The rule of a thank-you's text as a pure function, shared by the server and the web client: 1-200 characters
 * once trimmed, of the request description's character set (docs/product.md#thanks-and-helped-counts).
 */
export function thanksTextProblem(input: string): string | null {
  const text = input.trim()
  const length = characterCount(text)
  if (length < 1 || length > THANKS_MAX) return THANKS_MESSAGES.textLength
  if (!hasOnlyDescriptionCharacters(text)) return REQUEST_MESSAGES.descriptionChars
  return null
}

/** The text as stored, trimmed; else a 400 with the rule's words. */
export function checkThanksText(input: string): string {
  const problem = thanksTextProblem(input)
  if (problem !== null) throw badRequest(problem)
  return input.trim()
}
