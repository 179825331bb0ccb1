import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { reasonNames } from '#features/moderation'
import { type RequestCategory, type RequestStatus, categoryNames, statusNames } from '#features/requests'
import { fetchUserHistory, type UserHistory } from './api.ts'
import { formatDay } from './format.ts'
import { DecisionSummary } from './DecisionSummary.tsx'
import { reportsMessages } from './reports-catalog.ts'

const OUTCOMES = {
  released: reportsMessages.outcomereleased,
  removed: reportsMessages.outcomeremoved,
  completed: reportsMessages.outcomecompleted,
  deleted: reportsMessages.outcomedeleted,
} as const

interface HistoryPanelProps {
  userId: number
  name: string
  /** The report under review: left out of "other reports". */
  currentReportId: number
}

/**
 * The reported user's record: requests made, take-overs and how they ended, other reports about them and decisions,
 * and those kept about a deleted earlier account with the same phone number (docs/admin.md, "Moderation").
 */
export function HistoryPanel({ userId, name, currentReportId }: HistoryPanelProps) {
  const { i18n } = useLingui()
  const [history, setHistory] = useState<UserHistory | 'loading' | 'failed'>('loading')
  useEffect(() => {
    let current = true
    fetchUserHistory(userId).then(
      (loaded) => current && setHistory(loaded),
      (error: unknown) => {
        console.warn('Loading the history failed', error)
        if (current) setHistory('failed')
      },
    )
    return () => {
      current = false
    }
  }, [userId])
  const day = (iso: string) => formatDay(iso, i18n.locale)
  const none = <p className="report-panel__none">{i18n._(reportsMessages.historynone)}</p>

  return (
    <section className="report-panel" aria-labelledby="report-history-title">
      <h4 id="report-history-title" className="report-panel__title">
        {i18n._(reportsMessages.reporthistory.id, { name })}
      </h4>
      {history === 'loading' && <Loader label={i18n._(reportsMessages.loadinghistory)} />}
      {history === 'failed' && <FormMessage tone="error" text={i18n._(reportsMessages.failedtofetchhistory)} />}
      {typeof history === 'object' && (
        <>
          <h5 className="report-panel__subtitle">{i18n._(reportsMessages.historyrequests)}</h5>
          {history.requests.length === 0 ? (
            none
          ) : (
            <ul className="report-history">
              {history.requests.map((request) => (
                <li key={request.request_id}>
                  {i18n._(categoryNames[request.category as RequestCategory])}
                  {' · '}
                  {i18n._(statusNames[request.status as RequestStatus])}
                  {' · '}
                  {day(request.created_at)}
                  {request.deleted && ` · ${i18n._(reportsMessages.historydeleted)}`}
                  {request.is_test && ` · ${i18n._(reportsMessages.historytest)}`}
                </li>
              ))}
            </ul>
          )}
          <h5 className="report-panel__subtitle">{i18n._(reportsMessages.historyresponses)}</h5>
          {history.responses.length === 0 ? (
            none
          ) : (
            <ul className="report-history">
              {history.responses.map((response) => (
                <li key={`${response.request_id}:${response.started_at}`}>
                  {i18n._(categoryNames[response.category as RequestCategory])}
                  {' · '}
                  {i18n._(reportsMessages.historyresponse.id, {
                    owner: response.owner_name,
                    date: day(response.started_at),
                  })}
                  {' · '}
                  {i18n._(response.outcome ? OUTCOMES[response.outcome] : reportsMessages.outcomerunning)}
                </li>
              ))}
            </ul>
          )}
          <h5 className="report-panel__subtitle">{i18n._(reportsMessages.historyreports)}</h5>
          {history.reports.filter((report) => report.report_id !== currentReportId).length === 0 ? (
            none
          ) : (
            <ul className="report-history">
              {history.reports
                .filter((report) => report.report_id !== currentReportId)
                .map((report) => (
                  <li key={report.report_id}>
                    {i18n._(reasonNames[report.reason])}
                    {' · '}
                    {day(report.created_at)}
                    {report.decision && <DecisionSummary decision={report.decision} />}
                  </li>
                ))}
            </ul>
          )}
          <p className="report-panel__none">
            {i18n._(reportsMessages.historyreportsmade.id, { count: history.reports_made })}
          </p>
          {history.earlier_reports.length > 0 && (
            <>
              <h5 className="report-panel__subtitle">{i18n._(reportsMessages.historyearlierreports)}</h5>
              <ul className="report-history">
                {history.earlier_reports.map((report) => (
                  <li key={report.report_id}>
                    {i18n._(reasonNames[report.reason])}
                    {' · '}
                    {day(report.created_at)}
                    {' · '}
                    {i18n._(reportsMessages.historyearlieraccountdeleted.id, { date: day(report.account_deleted_at) })}
                    {report.decision && <DecisionSummary decision={report.decision} />}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  )
}
