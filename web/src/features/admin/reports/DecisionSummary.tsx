import { useLingui } from '@lingui/react'
import type { AdminReport } from './api.ts'
import { formatMoment } from './format.ts'
import { reportsMessages } from './reports-catalog.ts'

/** What was decided, by whom and when, with the statement of reasons. */
export function DecisionSummary({ decision }: { decision: NonNullable<AdminReport['decision']> }) {
  const { i18n } = useLingui()
  const what =
    decision.action === 'suspend'
      ? i18n._(reportsMessages.decided_suspend.id, { days: decision.days ?? 0 })
      : i18n._(
          {
            dismiss: reportsMessages.decided_dismiss,
            warn: reportsMessages.decided_warn,
            ban: reportsMessages.decided_ban,
          }[decision.action],
        )
  const date = formatMoment(decision.decided_at, i18n.locale)
  return (
    <div className="report-decision">
      <p>
        <strong>{what}</strong>{' '}
        {decision.decided_by
          ? i18n._(reportsMessages.decidedby.id, { name: decision.decided_by.user_name, date })
          : i18n._(reportsMessages.decidedbydeleted.id, { date })}
      </p>
      <blockquote className="report-decision__reasons">{decision.reason}</blockquote>
    </div>
  )
}
