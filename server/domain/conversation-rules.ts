import { badRequest } from '../errors.ts'
import { CONVERSATION_MESSAGES } from './conversation-texts.ts'
import { REQUEST_MESSAGES } from './request-messages.ts'
import { hasOnlyDescriptionCharacters } from './request-validation.ts'
import { characterCount } from './user-validation.ts'

export const MESSAGE_MAX = 500
/** Per user, per request, in any rolling hour: plenty for coordinating a meeting, little for flooding. */
export const MESSAGES_PER_HOUR = 30

/** The text as stored: trimmed, 1-500 characters of the request description's character set (SPEC 5). */
export function checkMessageText(input: string): string {
  const text = input.trim()
  const length = characterCount(text)
  if (length < 1 || length > MESSAGE_MAX) throw badRequest(CONVERSATION_MESSAGES.textLength)
  if (!hasOnlyDescriptionCharacters(text)) throw badRequest(REQUEST_MESSAGES.descriptionChars)
  return text
}
