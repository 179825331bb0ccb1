import { useLingui } from '@lingui/react'
import type { HelpRequest } from '../api.ts'
import { requestMessages } from '../request-catalog.ts'
import { previewOf } from '../preview.ts'
import { formatAge } from '../relative-time.ts'
import { StatusBadge } from './StatusBadge.tsx'

interface RequestRowSummaryProps {
  request: HelpRequest
  now: number
  /** What the row says of a located request after its age (a distance, or exact / approximate); null for nothing. */
  place: string | null
}

/** A request row's preview and its status line (status, age, where): the same in the main list and the dashboard. */
export function RequestRowSummary({ request, now, place }: RequestRowSummaryProps) {
  const { i18n } = useLingui()
  // Nothing to say of the place (the owner's own request, calm): the age alone, without a dangling separator.
  const where = request.latitude === null ? i18n._(requestMessages.nolocation) : place
  return (
    <>
      {request.description && <span className="request-row__preview">{previewOf(request.description)}</span>}
      <span className="request-row__meta">
        <StatusBadge status={request.status} />
        <span className="request-row__distance">
          <time dateTime={request.created_at}>{formatAge(request.created_at, now, i18n.locale)}</time>
          {where && ` · ${where}`}
        </span>
      </span>
    </>
  )
}
