import { useLingui } from '@lingui/react'
import type { Coordinates } from '../../shared/api/types.ts'
import { emergencyMessages } from './emergency-catalog.ts'
import './emergency.css'

interface EmergencyLineProps {
  /** Where the user is, written out to be read to the operator; null when not known. */
  position: Coordinates | null
  /** The description mentions danger (./danger-words.ts): said first, and announced to screen readers. */
  urgent?: boolean
}

/**
 * "Life in danger? Call 112" as a call link, the user's coordinates to read out, and the reminder that this app is
 * not an emergency service: in the new request form (at the top when the description sounds serious) and in the
 * owner's active request.
 */
export function EmergencyLine({ position, urgent = false }: EmergencyLineProps) {
  const { i18n } = useLingui()
  const degrees = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 5, maximumFractionDigits: 5 })
  return (
    <aside className={urgent ? 'emergency emergency--urgent' : 'emergency'} aria-label="112">
      {urgent && (
        <p className="emergency__why" role="alert">
          {i18n._(emergencyMessages.emergencydanger)}
        </p>
      )}
      <a className="button emergency__call" href="tel:112">
        {i18n._(emergencyMessages.emergencycall)}
      </a>
      {position && (
        <p className="emergency__position">
          {i18n._(emergencyMessages.emergencyposition.id, {
            latitude: degrees.format(position.latitude),
            longitude: degrees.format(position.longitude),
          })}
        </p>
      )}
      <p className="emergency__note">{i18n._(emergencyMessages.notemergencyservice)}</p>
    </aside>
  )
}
