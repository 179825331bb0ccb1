import { useLingui } from '@lingui/react'
import type { HelpRequest } from '../api.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { useNow } from '#shared/hooks/useNow.ts'
import { cardMessages } from '../card-catalog.ts'
import { categoryNames, requestMessages } from '../request-catalog.ts'
import { distanceFrom, formatKm } from '../distance.ts'
import { helperDistanceText } from '../helper-distance.ts'
import { isActive, isHelper } from '../selectors.ts'
import { useStore } from '#shared/store/store.ts'
import { selectUser } from '#features/account'
import { RequestRowSummary } from './RequestRowSummary.tsx'
import { RequestUnreadBadge } from '#features/conversation'
import { SharingBadge } from '#features/position-sharing'

interface RequestListProps {
  requests: HelpRequest[]
  position: Coordinates | null
  onOpen: (id: number) => void
}

/**
 * docs/product.md#help-requests: each card shows the category, the status and the distance (km, 2 decimals); a tap
 * opens its detail. To read at a glance it also shows its age, the first line of its description, and whose it is:
 * "Your request" or "You're helping".
 */
export function RequestList({ requests, position, onOpen }: RequestListProps) {
  const { i18n } = useLingui()
  const userId = useStore(selectUser)?.user_id
  const now = useNow()
  return (
    <ul className="request-list">
      {requests.map((request) => {
        // The owner's distance to their own request is noise ("0.00 km away"): they know where they are.
        const distance = request.isOwnRequest ? null : distanceFrom(position, request)
        const role = request.isOwnRequest
          ? 'own'
          : userId !== undefined && isHelper(request, userId) && isActive(request)
            ? 'helping'
            : null
        return (
          <li key={request.request_id}>
            <button
              type="button"
              className={`request-row${role ? ` request-row--${role}` : ''}`}
              onClick={() => onOpen(request.request_id)}
            >
              <span className="request-row__title">
                {i18n._(categoryNames[request.category])} <RequestUnreadBadge requestId={request.request_id} />
                <SharingBadge requestId={request.request_id} />
              </span>
              {role && (
                <span className={`request-row__role request-row__role--${role}`}>
                  {i18n._(role === 'own' ? cardMessages.yourrequest : cardMessages.youarehelping)}
                </span>
              )}
              <RequestRowSummary
                request={request}
                now={now}
                place={
                  distance !== null
                    ? i18n._(requestMessages.distance.id, { distance: formatKm(distance, i18n.locale) })
                    : request.isOwnRequest
                      ? helperDistanceText(request, i18n)
                      : null
                }
              />
              {request.is_test && <span className="request-row__test">{i18n._(requestMessages.testrequest)}</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
