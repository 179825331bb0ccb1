import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import type { HelpRequest } from '../api.ts'
import type { Coordinates } from '#shared/api/types.ts'
import { requestMessages } from '../request-catalog.ts'
import { distanceFrom, formatKm } from '../distance.ts'
import { DescriptionSection } from './DescriptionSection.tsx'

interface DecideFirstProps {
  request: HelpRequest
  /** The viewer's position; without it there is no distance to tell. */
  position: Coordinates | null
  update: (request: HelpRequest) => void
  /** The take-over action while the viewer decides; nothing once they help. */
  children?: ReactNode
}

/**
 * The top of the detail for someone who is not the owner (docs/product.md#help-requests): what a helper decides on,
 * before who asked, the phone, the times and the map. The category is the dialog's title; here the description, the
 * distance and, while they have not taken it over, the action, all within a phone's first screen.
 */
export function DecideFirst({ request, position, update, children }: DecideFirstProps) {
  const { i18n } = useLingui()
  const distance = distanceFrom(position, request)
  return (
    <div className="decide-first">
      <DescriptionSection request={request} update={update} />
      {request.latitude === null ? (
        <p className="decide-first__distance">{i18n._(requestMessages.locationnotshared)}</p>
      ) : (
        distance !== null && (
          <p className="decide-first__distance">
            {i18n._(requestMessages.distance.id, { distance: formatKm(distance, i18n.locale) })}
          </p>
        )
      )}
      {children}
    </div>
  )
}
