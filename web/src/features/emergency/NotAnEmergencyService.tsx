import { useLingui } from '@lingui/react'
import { emergencyMessages } from './emergency-catalog.ts'
import './emergency.css'

/** One line for the install and info pages: what this app is not, and the number that is. */
export function NotAnEmergencyService() {
  const { i18n } = useLingui()
  return (
    <p className="emergency-note">
      {i18n._(emergencyMessages.notemergencyservice)}{' '}
      <a className="touch-link" href="tel:112">
        {i18n._(emergencyMessages.emergencycall)}
      </a>
    </p>
  )
}
