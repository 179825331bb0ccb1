import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { Loader } from '#shared/ui/Loader.tsx'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { reasonNames } from '#features/moderation'
import { adminMessages } from '../admin-catalog.ts'
import type { AdminReport, ReportStatus } from './api.ts'
import { formatDay } from './format.ts'
import { ReportReview } from './ReportReview.tsx'
import { reportsMessages } from './reports-catalog.ts'
import { useReports } from './useReports.ts'
import './reports.css'

/**
 * The dashboard's reports (docs/admin.md, "Moderation"): the open ones oldest first, or the decided ones; choosing
 * one shows beside the list (below it on a phone) the report, its request and messages, the reported user's history
 * and the decision form.
 */
export function ReportsAdmin() {
  const { i18n } = useLingui()
  const [shown, setShown] = useState<ReportStatus>('open')
  const list = useReports(shown)
  const [selected, setSelected] = useState<AdminReport | null>(null)
  const reviewHeading = useRef<HTMLHeadingElement>(null)
  // Chosen by a click: the review's heading takes the focus (on a phone it lies below the list).
  const [focusReview, setFocusReview] = useState(0)
  useEffect(() => {
    if (focusReview > 0) reviewHeading.current?.focus()
  }, [focusReview])

  return (
    <section className="admin-section reports-admin" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title" className="admin-section__title">
        {i18n._(adminMessages.adminreports)}
      </h2>
      <fieldset className="reports-admin__filter">
        <legend className="visually-hidden">{i18n._(reportsMessages.reportsshow)}</legend>
        {(['open', 'closed'] as const).map((value) => (
          <label key={value} className="reports-admin__filter-option">
            <input
              type="radio"
              name="reports-shown"
              checked={shown === value}
              onChange={() => {
                setShown(value)
                setSelected(null)
              }}
            />
            <span>{i18n._(value === 'open' ? reportsMessages.reportsopen : reportsMessages.reportsclosed)}</span>
          </label>
        ))}
      </fieldset>

      <div className="reports-admin__layout">
        <div className="reports-admin__queue">
          {list.status === 'loading' && <Loader label={i18n._(reportsMessages.loadingreports)} />}
          {list.status === 'failed' && (
            <div className="notice" role="alert">
              <p>{i18n._(reportsMessages.failedtofetchreports)}</p>
              <button type="button" className="button button--secondary" onClick={list.reload}>
                {i18n._(shellMessages.tryagain)}
              </button>
            </div>
          )}
          {list.status === 'ready' && list.reports.length === 0 && (
            <p className="reports-admin__empty">
              {i18n._(shown === 'open' ? reportsMessages.noopenreports : reportsMessages.noclosedreports)}
            </p>
          )}
          {list.status === 'ready' && list.reports.length > 0 && (
            <ul className="reports-admin__list">
              {list.reports.map((report) => (
                <li
                  key={report.report_id}
                  className="report-card"
                  aria-current={selected?.report_id === report.report_id || undefined}
                >
                  <p className="report-card__reason">{i18n._(reasonNames[report.reason])}</p>
                  <p>{i18n._(reportsMessages.reportabout.id, { name: report.reported.user_name })}</p>
                  <p className="report-card__meta">
                    {report.reporter
                      ? i18n._(reportsMessages.reportby.id, { name: report.reporter.user_name })
                      : i18n._(reportsMessages.reportbydeleted)}
                    {' · '}
                    {i18n._(reportsMessages.reportsent.id, { date: formatDay(report.created_at, i18n.locale) })}
                  </p>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setSelected(report)
                      setFocusReview((n) => n + 1)
                    }}
                  >
                    {i18n._(reportsMessages.reviewreport.id, { name: report.reported.user_name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {selected && (
          <ReportReview
            key={selected.report_id}
            report={selected}
            headingRef={reviewHeading}
            onDecided={(report) => {
              setSelected(report)
              list.decided(report)
            }}
          />
        )}
      </div>
    </section>
  )
}
