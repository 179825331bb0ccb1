import { useLingui } from '@lingui/react'
import { safetyMessages } from './safety-catalog.ts'
import './safety.css'

const POINTS = [
  { title: safetyMessages.safetyseen, text: safetyMessages.safetyseentext },
  { title: safetyMessages.safetycancel, text: safetyMessages.safetycanceltext },
  { title: safetyMessages.safetycodes, text: safetyMessages.safetycodestext },
] as const

/** The four points of safety between strangers (docs/safety.md), in the one-time card and on the info page. */
export function SafetyPoints() {
  const { i18n } = useLingui()
  return (
    <ul className="safety-points">
      {POINTS.map(({ title, text }) => (
        <li key={title.id}>
          <strong>{i18n._(title)}.</strong> {i18n._(text)}
        </li>
      ))}
      <li>
        <strong>
          <a href="tel:112" className="safety-points__call">
            {i18n._(safetyMessages.safetydanger)}
          </a>
          .
        </strong>{' '}
        {i18n._(safetyMessages.safetydangertext)}
      </li>
    </ul>
  )
}
