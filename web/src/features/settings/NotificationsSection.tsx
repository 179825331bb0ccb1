import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import { notificationMessages } from './notification-catalog.ts'
import { type PushState, isRunningOnIos, isStandalone, readPushStatus, turnPushOff, turnPushOn } from '#features/pwa'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { HelpNowSwitch } from './HelpNowSwitch.tsx'
import { PushPreferencesForm } from './PushPreferencesForm.tsx'
import { PracticeAlert } from './PracticeAlert.tsx'

type Failure = 'check' | 'change' | null

const STATE_TEXT = {
  unsupported: notificationMessages.notificationsunsupported,
  denied: notificationMessages.notificationsdenied,
  off: notificationMessages.notificationsoff,
  on: notificationMessages.notificationson,
  homeScreenOnly: notificationMessages.notificationshomescreen,
} as const

/**
 * Safari on iPhone and iPad gives web push only to the app added to the Home Screen (iOS 16.4+): in a Safari tab
 * the Push API is missing, and "not supported" would hide that it works once installed.
 */
const onIosOutsideTheApp = () => isRunningOnIos() && !isStandalone()

/**
 * Web push on this device: the state, checked with the server each time the section opens (it mounts on
 * opening), and one button to change it; while on, when an alert last reached this device and a practice alert
 * (PracticeAlert). Errors go to the console; the screen gets a short failure text. Above it "I can help now", under
 * it the account's quiet hours and hourly cap: these hold on every device, so they show whatever this one's state.
 */
export function NotificationsSection() {
  const { i18n } = useLingui()
  const [state, setState] = useState<PushState | null>(null)
  const [lastReachedAt, setLastReachedAt] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure>(null)
  const [homeScreenOnly] = useState(onIosOutsideTheApp)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    readPushStatus()
      .then((read) => {
        if (!mounted.current) return
        setState(read.state)
        setLastReachedAt(read.lastReachedAt)
      })
      .catch((error: unknown) => {
        console.error('Checking the push subscription failed', error)
        if (!mounted.current) return
        // The browser side is still worth offering: subscribing again is harmless (the server upserts).
        setState('off')
        setFailure('check')
      })
    return () => {
      mounted.current = false
    }
  }, [])

  async function change(action: () => Promise<PushState>) {
    if (busy) return
    setBusy(true)
    setFailure(null)
    try {
      const next = await action()
      if (mounted.current) setState(next)
    } catch (error) {
      console.error('Changing push notifications failed', error)
      if (mounted.current) setFailure('change')
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const failureText =
    failure === 'check'
      ? i18n._(notificationMessages.notificationscheckfailed)
      : failure === 'change'
        ? i18n._(notificationMessages.notificationsfailed)
        : null

  const shown = state === 'unsupported' && homeScreenOnly ? 'homeScreenOnly' : state

  return (
    <div className="settings-panel">
      <HelpNowSwitch />
      <p className="settings-panel__note">{i18n._(notificationMessages.notificationsinfo)}</p>
      <div className="settings-panel__actions">
        <p aria-live="polite">
          <span className="settings-panel__label">{i18n._(notificationMessages.notifications)}: </span>
          <span>{i18n._(shown ? STATE_TEXT[shown] : notificationMessages.notificationschecking)}</span>
        </p>
        {state === 'denied' && <p>{i18n._(notificationMessages.notificationsdeniedhelp)}</p>}
        {shown === 'homeScreenOnly' && <p>{i18n._(notificationMessages.notificationshomescreenhelp)}</p>}
        {(state === 'off' || state === 'on') && (
          <button
            type="button"
            className={state === 'on' ? 'button button--secondary' : 'button button--primary'}
            onClick={() => void change(state === 'on' ? turnPushOff : turnPushOn)}
            aria-disabled={busy || undefined}
          >
            {i18n._(
              state === 'on' ? notificationMessages.turnnotificationsoff : notificationMessages.turnnotificationson,
            )}
          </button>
        )}
        <FormMessage tone="error" text={failureText} />
        {state === 'on' && <PracticeAlert lastReachedAt={lastReachedAt} />}
      </div>
      <PushPreferencesForm />
    </div>
  )
}
