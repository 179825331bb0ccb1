import { useLingui } from '@lingui/react'
import type { RequestStatus } from '../api.ts'
import { statusNames } from '../request-catalog.ts'

const MODIFIER: Record<RequestStatus, string> = { new: 'new', 'in progress': 'in-progress', completed: 'completed' }

/** The status as a coloured dot (new red, in progress yellow, completed green) and always in words too. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { i18n } = useLingui()
  return (
    <span className="status">
      <span className={`status__dot status__dot--${MODIFIER[status]}`} aria-hidden="true" />
      {i18n._(statusNames[status])}
    </span>
  )
}
