import type { TransactionSql } from 'postgres'
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts'
import type { DecisionBody } from '../../schemas/moderation.ts'
import type { Viewer } from '../requests/requests.ts'
import { DECISION_ERRORS } from './errors.ts'
import { addNotices, type NewNotice } from './notices.ts'
import { decisionReasonProblem, isDecisionAction, isSuspensionDays, type DecisionAction } from './rules.ts'
import { suspendAccount } from './suspension.ts'
import type { Transactions } from '../shared/unit-of-work.ts'

/**
 * An admin's decision on a report, with its statement of reasons (docs/admin.md, "Moderation"; the Digital Services
 * Act, Art. 17). The report is closed by it; a suspension or a ban also acts on the account (./suspension.ts).
 */

export interface NewDecision {
  action: DecisionAction
  /** The statement of reasons, trimmed. */
  reason: string
  /** A suspension's length; null for every other action. */
  days: number | null
}

/** The body as stored, or a 400 in words. */
export function checkDecision(body: DecisionBody): NewDecision {
  if (!isDecisionAction(body.action)) throw badRequest(DECISION_ERRORS.invalidAction)
  const problem = decisionReasonProblem(body.reason)
  if (problem !== null) throw badRequest(problem)
  if (body.action !== 'suspend') {
    if (body.days !== undefined) throw badRequest(DECISION_ERRORS.daysOnlySuspend)
    return { action: body.action, reason: body.reason.trim(), days: null }
  }
  if (body.days === undefined || !isSuspensionDays(body.days)) throw badRequest(DECISION_ERRORS.daysRequired)
  return { action: body.action, reason: body.reason.trim(), days: body.days }
}

export interface Decided {
  /** Who the report is about. */
  reportedId: number
  /** Whose notices were added: they hear of them at once if their app is open. */
  toldUserIds: number[]
  /** A suspension or a ban: the account's sessions end on every instance. */
  suspended: boolean
  /** The requests the suspension or ban changed, to be announced as every request change is. */
  changedRequestIds: number[]
}

/**
 * Decides an open report in the caller's transaction. The report's row lock orders parallel decisions, and the
 * decision's primary key on report_id makes any second one a 409: a report is decided once. Not a report about
 * the deciding admin (403).
 */
export async function decideReport(
  tx: TransactionSql,
  admin: Viewer,
  reportId: number,
  decision: NewDecision,
): Promise<Decided> {
  const [report] = await tx<{ reported_id: number; reporter_id: number | null }[]>`
    select reported_id, reporter_id from reports
    where report_id = ${reportId} and reported_id is not null
    for no key update
  `
  // A report kept after its reported account was deleted is a record only: nobody is left to decide about.
  if (!report) throw notFound(DECISION_ERRORS.reportNotFound)
  if (report.reported_id === admin.user_id) throw forbidden(DECISION_ERRORS.ownReport)
  // Nor one they filed: accusing and judging are two people's work (docs/admin.md, "Moderation"), so an admin's
  // report waits for another admin. The report's row lock is held, so this cannot race its decision.
  if (report.reporter_id === admin.user_id) throw forbidden(DECISION_ERRORS.filedReport)
  const [stored] = await tx<{ until: Date }[]>`
    insert into moderation_decisions (report_id, action, reason, days, decided_by)
    values (${reportId}, ${decision.action}, ${decision.reason}, ${decision.days}, ${admin.user_id})
    on conflict (report_id) do nothing
    returning decided_at + make_interval(days => coalesce(days, 0)) as until
  `
  if (!stored) throw conflict(DECISION_ERRORS.alreadyDecided)

  const notices: NewNotice[] = []
  // The reporter learns the outcome (never the deciding admin: filedReport above).
  if (report.reporter_id !== null) notices.push({ userId: report.reporter_id, kind: 'report_reviewed' })
  if (decision.action === 'warn') notices.push({ userId: report.reported_id, kind: 'warning' })
  await addNotices(tx, reportId, notices)

  const suspended = decision.action === 'suspend' || decision.action === 'ban'
  const changedRequestIds = suspended
    ? await suspendAccount(tx, {
        userId: report.reported_id,
        until: decision.action === 'ban' ? null : stored.until,
        reason: decision.reason,
        decidedBy: admin.user_id,
      })
    : []
  return {
    reportedId: report.reported_id,
    toldUserIds: notices.map((notice) => notice.userId),
    suspended,
    changedRequestIds,
  }
}

/** What deciding a report needs of the running server: `app.events` and `app.push`. */
export interface DecisionContext {
  events: Transactions & {
    publish(message: { type: 'notices'; userId: number } | { type: 'reports' }): Promise<void>
  }
  push: { wake(): void }
}

/**
 * The unit of work of a decision: decided in one transaction that announces what it changed, then, after the commit,
 * the pushes and notices it made are woken and told.
 */
export async function decide(
  context: DecisionContext,
  admin: Viewer,
  reportId: number,
  decision: NewDecision,
): Promise<Decided> {
  const decided = await context.events.transaction(async (tx, announce) => {
    const done = await decideReport(tx, admin, reportId, decision)
    // What a suspension or ban changed (responses ended, requests hidden) is told like every request change:
    // announced here, heard by every instance at the commit.
    for (const requestId of done.changedRequestIds) await announce.request({ requestId, previousHelperId: null })
    // At the commit the suspended user's sessions end on every instance (copies dropped, the user reloaded).
    if (done.suspended) await announce.user(done.reportedId)
    return done
  })
  // After the commit: whoever got a notice sees it now if their app is open.
  if (decided.suspended) {
    // The waves the suspension made due stand the alerted helpers down (server/push/waves.ts).
    context.push.wake()
  }
  for (const userId of decided.toldUserIds) await context.events.publish({ type: 'notices', userId })
  // Every admin's queue drops it (another admin may have it open).
  await context.events.publish({ type: 'reports' })
  return decided
}
