import { useLingui } from '@lingui/react'
import type { HelpRequest } from '../../api/requests.ts'
import type { Coordinates } from '../../api/types.ts'
import { categoryNames, requestMessages } from '../../i18n/request-messages.ts'
import { distanceFrom, formatKm } from '../../requests/distance.ts'
import { StatusBadge } from './StatusBadge.tsx'

interface RequestListProps {
  requests: HelpRequest[]
  position: Coordinates | null
  onOpen: (id: number) => void
}

/** SPEC 2: each row shows the category, the status and the distance (km, 2 decimals); a tap opens its detail. */
export function RequestList({ requests, position, onOpen }: RequestListProps) {
  const { i18n } = useLingui()
  return (
    <ul className="request-list">
      {requests.map((request) => {
        const distance = distanceFrom(position, request)
        return (
          <li key={request.request_id}>
            <button type="button" className="request-row" onClick={() => onOpen(request.request_id)}>
              <span className="request-row__title">{i18n._(categoryNames[request.category])}</span>
              <span className="request-row__meta">
                <StatusBadge status={request.status} />
                <span className="request-row__distance">
                  {request.latitude === null
                    ? i18n._(requestMessages.nolocation)
                    : distance !== null
                      ? i18n._(requestMessages.distance.id, { distance: formatKm(distance, i18n.locale) })
                      : null}
                </span>
              </span>
              {request.is_test && (
                <span className="request-row__test" lang="fi">
                  Testipyyntö
                </span>
              )}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
