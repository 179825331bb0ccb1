/**
 * The rules of reports and moderation decisions as pure values and functions (docs/admin.md, "Moderation"), shared by
 * the server and the web client: the report dialog and the decision form check what the server checks.
 */
import { characterCount } from '../accounts/validation.ts'
import { isFreeText } from '../shared/free-text.ts'
import { REQUEST_ERRORS } from '../requests/errors.ts'
import { DECISION_ERRORS, REPORT_ERRORS } from './errors.ts'

/** Why: each is said in plain words in the app (web/src/features/moderation/moderation-catalog.ts). */
export const REPORT_REASONS = ['harassment', 'unsafe', 'no_show', 'fake', 'spam', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** What an admin decides: nothing to do, a warning, a suspension for some days, or a ban. */
export const DECISION_ACTIONS = ['dismiss', 'warn', 'suspend', 'ban'] as const
export type DecisionAction = (typeof DECISION_ACTIONS)[number]

/** The optional details of a report: room for what happened, not a letter. */
export const REPORT_DETAILS_MAX = 500
/** Reports one user may send per Helsinki day: enough for a bad day, too few to flood the admins. */
export const REPORTS_PER_DAY = 10
/** The statement of reasons the user concerned (and a court) may read. */
export const DECISION_REASON_MAX = 500
export const SUSPENSION_DAYS_MAX = 365

export const isReportReason = (value: string): value is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(value)
export const isDecisionAction = (value: string): value is DecisionAction =>
  (DECISION_ACTIONS as readonly string[]).includes(value)

/**
 * The problem with a report's details, or null: empty once trimmed means none; else at most REPORT_DETAILS_MAX
 * characters of free text (../shared/free-text.ts), as a message's.
 */
export function reportDetailsProblem(input: string): string | null {
  const text = input.trim()
  if (characterCount(text) > REPORT_DETAILS_MAX) return REPORT_ERRORS.detailsLength
  if (!isFreeText(text)) return REQUEST_ERRORS.descriptionChars
  return null
}

/** The problem with a statement of reasons, or null: 1-DECISION_REASON_MAX characters of free text once trimmed. */
export function decisionReasonProblem(input: string): string | null {
  const text = input.trim()
  const length = characterCount(text)
  if (length < 1 || length > DECISION_REASON_MAX) return DECISION_ERRORS.reasonLength
  if (!isFreeText(text)) return REQUEST_ERRORS.descriptionChars
  return null
}

/** Whether `days` is a suspension's length (whole days, 1-SUSPENSION_DAYS_MAX). */
export const isSuspensionDays = (days: number): boolean =>
  Number.isInteger(days) && days >= 1 && days <= SUSPENSION_DAYS_MAX
