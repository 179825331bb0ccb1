import { useLingui } from '@lingui/react'
import { type HelpRequest, formatAge, isHelper } from '#features/requests'
import type { HelperPosition } from './api.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { useStore } from '#shared/store/store.ts'
import { ApproachLine } from './ApproachLine.tsx'
import { ShareLocationToggle } from './ShareLocationToggle.tsx'
import { isPositionStale } from './staleness.ts'
import './position-sharing.css'

interface OnMyWayProps {
  request: HelpRequest
  /** The request's point; null when it has no location (then there is no distance to tell). */
  point: Coordinates | null
  /** The viewer's own position. */
  position: Coordinates | null
  /** For the owner: where their helper is, if shared. */
  helperPosition: HelperPosition | null
  /** The detail's clock (useNow), so that a position turns stale while the screen is open. */
  now: number
}

/**
 * "On my way" (docs/product.md#on-my-way) while a request is in progress: the owner reads how far their helper is, or
 * when they were last seen once the position is stale; the helper shares their position and reads how far they still
 * have to go.
 */
export function OnMyWay({ request, point, position, helperPosition, now }: OnMyWayProps) {
  const { i18n } = useLingui()
  const userId = useStore((s) => s.user?.user_id)
  if (request.status !== 'in progress') return null
  if (request.isOwnRequest)
    return point && helperPosition ? (
      <ApproachLine
        from={helperPosition}
        to={point}
        helperName={request.responder_user_name ?? ''}
        lastSeen={isPositionStale(helperPosition.at, now) ? formatAge(helperPosition.at, now, i18n.locale) : null}
      />
    ) : null
  if (userId === undefined || !isHelper(request, userId)) return null
  return (
    <div className="on-my-way">
      <ShareLocationToggle request={request} />
      {point && position && <ApproachLine from={position} to={point} helperName={null} />}
    </div>
  )
}
