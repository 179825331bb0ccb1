import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { selectUser } from '#features/account'
import { markSafetyCardSeen, safetyCardSeen, type SafetyMoment } from './safety-card.ts'
import { safetyMessages } from './safety-catalog.ts'
import { SafetyPoints } from './SafetyPoints.tsx'
import './safety.css'

/**
 * The one-time safety card (docs/safety.md, "Before the first meeting"): above the new-request form before the user's
 * first request, above "I'm working on it" before their first take-over. Never a step in the way: someone at the
 * roadside can send at once, and the card is gone once they pressed "Got it" or did what it comes before.
 */
export function SafetyCard({ moment }: { moment: SafetyMoment }) {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const titleId = useId()
  const [shown, setShown] = useState(() => user !== null && !safetyCardSeen(user.user_id, moment))
  if (!user || !shown) return null
  return (
    <section className="safety-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="safety-card__title">
        {i18n._(safetyMessages.safetytitle)}
      </h3>
      <SafetyPoints />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          markSafetyCardSeen(user.user_id, moment)
          setShown(false)
        }}
      >
        {i18n._(safetyMessages.safetygotit)}
      </button>
    </section>
  )
}
