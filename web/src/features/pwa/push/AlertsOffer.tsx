import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { selectUser } from '#features/account'
import { notificationMessages } from '#features/settings'
import { alertsOfferMessages } from './alerts-offer-catalog.ts'
import { alertsOffered, answerAlertsOffer } from './alerts-offer.ts'
import { readPushState, turnPushOn, type PushState } from './browser-push.ts'
import './alerts-offer.css'

type Step = 'hidden' | 'asking' | 'busy' | 'denied' | 'failed'

/**
 * Right after registering, a card on the main screen offers to turn on alerts (a new user would otherwise not
 * learn that the app can alert them until they open the settings). Shown once per user and device, only where
 * push can work and is off; answered by turning alerts on, by "Not now", or by the browser's own refusal.
 */
export function AlertsOffer() {
  const { i18n } = useLingui()
  const userId = useStore(selectUser)?.user_id ?? null
  const [step, setStep] = useState<Step>('hidden')

  useEffect(() => {
    if (userId === null || !alertsOffered(userId)) return
    let current = true
    readPushState()
      .then((state) => {
        if (!current) return
        if (state === 'off') setStep('asking')
        // Already on, blocked, or impossible here: nothing to offer (the settings say why).
        else answerAlertsOffer(userId)
      })
      .catch((error: unknown) => console.error('Checking the push subscription failed', error))
    return () => {
      current = false
    }
  }, [userId])

  if (step === 'hidden' || userId === null) return null

  const close = () => {
    answerAlertsOffer(userId)
    setStep('hidden')
  }
  const turnOn = async () => {
    setStep('busy')
    let state: PushState
    try {
      state = await turnPushOn()
    } catch (error) {
      console.error('Changing push notifications failed', error)
      setStep('failed')
      return
    }
    if (state === 'on') close()
    else if (state === 'denied') setStep('denied')
    else setStep('asking')
  }

  return (
    <section className="alerts-offer" aria-labelledby="alerts-offer-title">
      <h2 id="alerts-offer-title" className="alerts-offer__title">
        {i18n._(alertsOfferMessages.alertsoffertitle)}
      </h2>
      <p>{i18n._(notificationMessages.notificationsinfo)}</p>
      <p role="status" className="alerts-offer__result">
        {step === 'denied' && i18n._(notificationMessages.notificationsdeniedhelp)}
        {step === 'failed' && i18n._(notificationMessages.notificationsfailed)}
      </p>
      <div className="alerts-offer__actions">
        {step !== 'denied' && (
          <button
            type="button"
            className="button button--primary"
            aria-busy={step === 'busy'}
            disabled={step === 'busy'}
            onClick={() => void turnOn()}
          >
            {i18n._(notificationMessages.turnnotificationson)}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={close}>
          {i18n._(step === 'denied' ? alertsOfferMessages.alertsofferok : alertsOfferMessages.alertsoffernotnow)}
        </button>
      </div>
    </section>
  )
}
