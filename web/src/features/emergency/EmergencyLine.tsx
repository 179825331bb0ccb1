import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { emergencyMessages } from './emergency-catalog.ts'
import './emergency.css'

interface EmergencyLineProps {
  /** Where to send help, written out to be read to the operator; null when not known. */
  position: Coordinates | null
  /** Whose point `position` is: the phone's, or the request's exact point, the one helpers are sent to. */
  place?: 'phone' | 'request'
  /**
   * The description mentions danger (server/domain/shared/danger-words.ts): said first, and announced to screen
   * readers; to the owner as advice, to someone else who opens the request as what the owner wrote.
   */
  urgent?: 'own' | 'other' | false
}

const URGENT_TEXT = {
  own: emergencyMessages.emergencydanger,
  other: emergencyMessages.emergencyotherdanger,
} as const

const POSITION_TEXT = {
  phone: emergencyMessages.emergencyposition,
  request: emergencyMessages.emergencyrequestpoint,
} as const

/**
 * "Life in danger? Call 112" as a call link, the coordinates to read out, and the reminder that this app is not an
 * emergency service: in the new request form (at the top when the description sounds serious), in the owner's
 * active request, and at the top of someone else's when it mentions an injury.
 */
export function EmergencyLine({ position, place = 'phone', urgent = false }: EmergencyLineProps) {
  const { i18n } = useLingui()
  const degrees = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 5, maximumFractionDigits: 5 })
  return (
    <aside className={urgent ? 'emergency emergency--urgent' : 'emergency'} aria-label="112">
      {urgent && (
        <p className="emergency__why" role="alert">
          {i18n._(URGENT_TEXT[urgent])}
        </p>
      )}
      <a className="button emergency__call" href="tel:112">
        {i18n._(emergencyMessages.emergencycall)}
      </a>
      {position && (
        <p className="emergency__position">
          {i18n._(POSITION_TEXT[place].id, {
            latitude: degrees.format(position.latitude),
            longitude: degrees.format(position.longitude),
          })}
        </p>
      )}
      <p className="emergency__note">{i18n._(emergencyMessages.notemergencyservice)}</p>
    </aside>
  )
}
