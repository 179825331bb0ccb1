import { badRequest } from '../../errors.ts'
import { messageTextProblem } from './validation.ts'

/** Per user, per request, in any rolling hour: plenty for coordinating a meeting, little for flooding. */
export const MESSAGES_PER_HOUR = 30

/**
 * The text as stored: trimmed, 1-500 characters of the request description's character set
 * (docs/product.md#conversation).
 */
export function checkMessageText(input: string): string {
  const problem = messageTextProblem(input)
  if (problem !== null) throw badRequest(problem)
  return input.trim()
}
