import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import type { HelpRequest } from '#features/requests'
import type { ReportOption } from './api.ts'
import { moderationMessages } from './moderation-catalog.ts'
import { ReportDialog } from './ReportDialog.tsx'
import { selectReportOptions } from './slice.ts'
import './moderation.css'

/**
 * While the two people of a request can write to each other, "Report" sits in their conversation, where what goes
 * wrong between them is seen; otherwise at the end of the request. One place at a time, never two alike buttons.
 */
export function reportsInConversation(request: HelpRequest, userId: number | undefined): boolean {
  const helping = userId !== undefined && request.responder_id === userId
  return request.status === 'in progress' && (request.isOwnRequest || helping)
}

interface ReportPeopleProps {
  request: HelpRequest
  /** In the conversation: one quiet line, without the section's rule above it. */
  compact?: boolean
}

/**
 * "Report {name}" for each person the server says the user may report on this request (the one rule of reports and
 * blocks, docs/safety.md: the owner, to anyone else who sees it; the helper, current or most recent, to the owner and
 * admins), or that it was reported already. Fetched when a request is opened and again when the request's
 * `mayActAbout` changes (a take-over, say), since it is the same list with whether each was reported.
 */
export function ReportPeople({ request, compact = false }: ReportPeopleProps) {
  const { i18n } = useLingui()
  const id = request.request_id
  const options = useStore(selectReportOptions(id))
  const loadReportOptions = useStore((state) => state.loadReportOptions)
  const [reporting, setReporting] = useState<ReportOption | null>(null)
  const peopleKey = request.mayActAbout.map(({ about, user_name }) => `${about}:${user_name}`).join('\n')
  useEffect(() => {
    void loadReportOptions(id)
  }, [loadReportOptions, id, peopleKey])
  if (!options || options.length === 0) return null
  return (
    <div className={compact ? 'report-people report-people--compact' : 'report-people'}>
      {options.map((option) =>
        option.reported ? (
          <p key={option.about} className="report-people__done">
            {i18n._(moderationMessages.reportedperson.id, { name: option.user_name })}
          </p>
        ) : (
          <button key={option.about} type="button" className="link-button" onClick={() => setReporting(option)}>
            {i18n._(moderationMessages.reportperson.id, { name: option.user_name })}
          </button>
        ),
      )}
      {reporting && <ReportDialog open onClose={() => setReporting(null)} requestId={id} person={reporting} />}
    </div>
  )
}
