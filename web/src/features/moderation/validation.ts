import { reportDetailsProblem } from '#server/domain/moderation/rules.ts'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'

export { REPORT_DETAILS_MAX, REPORT_REASONS } from '#server/domain/moderation/rules.ts'

/** A report's details, with the server's own rule: what the browser refuses is what the server would. */
export function detailsProblem(input: string): MessageKey | null {
  const problem = reportDetailsProblem(input)
  return problem === null ? null : keyForServerError(problem)
}
