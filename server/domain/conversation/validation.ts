import { CONVERSATION_ERRORS } from './errors.ts'
import { REQUEST_ERRORS } from '../requests/errors.ts'
import { isFreeText } from '../shared/free-text.ts'
import { characterCount } from '../accounts/validation.ts'

/** The most characters of one message between a request's owner and its helper. */
export const MESSAGE_MAX = 500

/**
 * The rule of a message's text as a pure function, shared by the server and the web client: 1-500 characters once
 * trimmed, free text (../shared/free-text.ts, docs/product.md#conversation).
 */
export function messageTextProblem(input: string): string | null {
  const text = input.trim()
  const length = characterCount(text)
  if (length < 1 || length > MESSAGE_MAX) return CONVERSATION_ERRORS.textLength
  if (!isFreeText(text)) return REQUEST_ERRORS.descriptionChars
  return null
}
