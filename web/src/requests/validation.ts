import { descriptionProblem } from '../../../server/domain/request-validation.ts'
import { keyForServerMessage } from '../api/server-messages.ts'
import type { MessageKey } from '../i18n/messages.ts'

export { DESCRIPTION_MAX } from '../../../server/domain/request-validation.ts'

/** The description rules of SPEC 5, with the server's own function (on the trimmed text, counted in characters). */
export function descriptionError(input: string): MessageKey | null {
  const problem = descriptionProblem(input)
  return problem === null ? null : keyForServerMessage(problem)
}
