import { CONVERSATION_MESSAGES } from './conversation-texts.ts'
import { REQUEST_MESSAGES } from './request-messages.ts'
import { hasOnlyDescriptionCharacters } from './request-validation.ts'
import { characterCount } from './user-validation.ts'

/** The most characters of one message between a request's owner and its helper. */
export const MESSAGE_MAX = 500

/**
 * The rule of a message's text as a pure function, shared by the server and the web client: 1-500 characters once
 * trimmed, of the request description's character set (docs/product.md#conversation).
 */
export function messageTextProblem(input: string): string | null {
  const text = input.trim()
  const length = characterCount(text)
  if (length < 1 || length > MESSAGE_MAX) return CONVERSATION_MESSAGES.textLength
  if (!hasOnlyDescriptionCharacters(text)) return REQUEST_MESSAGES.descriptionChars
  return null
}
