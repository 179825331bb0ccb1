import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { practiceMessages } from './practice-catalog.ts'
import { practiceTimes } from './practice-result.ts'
import './alerts-offer.css'

/**
 * After a tap on a practice alert (`/?practice=...`): how long it took to reach the phone and how long until the
 * tap, on a card like the alerts offer's. `search` is the page's query string; `onClose` leaves it.
 */
export function PracticeResult({ search, onClose }: { search: string; onClose: () => void }) {
  const { i18n } = useLingui()
  // The tap's moment, when the worker did not stamp it, is when the app opened it: read once, not on every render.
  const [openedAt] = useState(() => Date.now())
  const times = practiceTimes(search, openedAt)
  if (!times) return null
  return (
    <section className="alerts-offer" aria-labelledby="practice-result-title">
      <h2 id="practice-result-title" className="alerts-offer__title">
        {i18n._(practiceMessages.practiceresulttitle)}
      </h2>
      <p role="status">
        {times.reachSeconds === null
          ? i18n._(practiceMessages.practiceresulttotal.id, { tap: times.tapSeconds })
          : i18n._(practiceMessages.practiceresult.id, { reach: times.reachSeconds, tap: times.tapSeconds })}
      </p>
      <p>{i18n._(practiceMessages.practiceresultnote)}</p>
      <div className="alerts-offer__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {i18n._(practiceMessages.practiceresultclose)}
        </button>
      </div>
    </section>
  )
}
