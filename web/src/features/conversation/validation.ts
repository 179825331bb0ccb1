import { messageTextProblem } from '#server/domain/conversation/validation.ts'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'

export { MESSAGE_MAX } from '#server/domain/conversation/validation.ts'

/** A message's rules, with the server's own function: what the browser refuses is what the server would. */
export function messageProblem(input: string): MessageKey | null {
  const problem = messageTextProblem(input)
  return problem === null ? null : keyForServerError(problem)
}
