import { badRequest } from '../../errors.ts'
import { REQUEST_ERRORS, THANKS_ERRORS } from './errors.ts'
import { isFreeText } from '../shared/free-text.ts'
import { characterCount } from '../accounts/validation.ts'

/** A thank-you is a line or two, not a letter: short enough for a push and a notice. */
export const THANKS_MAX = 200

/**
 * The rule of a thank-you's text as a pure function, shared by the server and the web client: 1-200 characters
 * once trimmed, free text (../shared/free-text.ts, docs/product.md#thanks-and-helped-counts).
 */
export function thanksTextProblem(input: string): string | null {
  const text = input.trim()
  const length = characterCount(text)
  if (length < 1 || length > THANKS_MAX) return THANKS_ERRORS.textLength
  if (!isFreeText(text)) return REQUEST_ERRORS.descriptionChars
  return null
}

/** The text as stored, trimmed; else a 400 with the rule's words. */
export function checkThanksText(input: string): string {
  const problem = thanksTextProblem(input)
  if (problem !== null) throw badRequest(problem)
  return input.trim()
}
