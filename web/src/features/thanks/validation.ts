import { thanksTextProblem } from '#server/domain/requests/thanks-rules.ts'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'

export { THANKS_MAX } from '#server/domain/requests/thanks-rules.ts'

/** A thank-you's rules, with the server's own function: what the browser refuses is what the server would. */
export function thanksProblem(input: string): MessageKey | null {
  const problem = thanksTextProblem(input)
  return problem === null ? null : keyForServerError(problem)
}
