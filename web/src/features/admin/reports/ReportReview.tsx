import { useLingui } from '@lingui/react'
import { useState, type RefObject } from 'react'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { reasonNames } from '#features/moderation'
import type { AdminReport } from './api.ts'
import { DecisionForm } from './DecisionForm.tsx'
import { DecisionSummary } from './DecisionSummary.tsx'
import { formatDay } from './format.ts'
import { HistoryPanel } from './HistoryPanel.tsx'
import { RequestPanel } from './RequestPanel.tsx'
import { reportsMessages } from './reports-catalog.ts'

interface ReportReviewProps {
  report: AdminReport
  headingRef: RefObject<HTMLHeadingElement | null>
  onDecided: (report: AdminReport) => void
}

/**
 * One report with what its decision rests on (the request with its messages, the reported user's history), then the
 * decision: its form while open, what was decided after.
 */
export function ReportReview({ report, headingRef, onDecided }: ReportReviewProps) {
  const { i18n } = useLingui()
  const [justDecided, setJustDecided] = useState(false)
  const name = report.reported.user_name
  return (
    <section className="report-review" aria-labelledby="report-review-title">
      <h3 id="report-review-title" className="report-review__title" ref={headingRef} tabIndex={-1}>
        {i18n._(reportsMessages.reportreviewtitle.id, { name })}
      </h3>
      <dl className="report-review__facts">
        <div>
          <dt>{i18n._(reportsMessages.reportreason)}</dt>
          <dd>{i18n._(reasonNames[report.reason])}</dd>
        </div>
        <div>
          <dt>{i18n._(reportsMessages.reportdetailsheading)}</dt>
          <dd className="report-review__details">{report.details ?? i18n._(reportsMessages.reportnodetails)}</dd>
        </div>
        <div>
          <dt>{i18n._(reportsMessages.reportsent.id, { date: formatDay(report.created_at, i18n.locale) })}</dt>
          <dd>
            {report.reporter
              ? i18n._(reportsMessages.reportby.id, { name: report.reporter.user_name })
              : i18n._(reportsMessages.reportbydeleted)}
          </dd>
        </div>
        <div>
          <dt>{i18n._(reportsMessages.reportabout.id, { name })}</dt>
          <dd>
            {i18n._(reportsMessages.reportcounts.id, {
              open: report.reported.open_reports,
              total: report.reported.total_reports,
              name,
            })}
          </dd>
        </div>
      </dl>

      <div className="report-review__evidence">
        <RequestPanel requestId={report.request_id} />
        <HistoryPanel userId={report.reported.user_id} name={name} currentReportId={report.report_id} />
      </div>

      <section className="report-panel" aria-labelledby="decision-title">
        <h4 id="decision-title" className="report-panel__title">
          {i18n._(reportsMessages.decision)}
        </h4>
        <FormMessage tone="success" text={justDecided ? i18n._(reportsMessages.decidedsuccess) : null} />
        {report.decision ? (
          <DecisionSummary decision={report.decision} />
        ) : (
          <DecisionForm
            report={report}
            onDecided={(decided) => {
              setJustDecided(true)
              onDecided(decided)
            }}
          />
        )}
      </section>
    </section>
  )
}
