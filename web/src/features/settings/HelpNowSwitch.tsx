import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import type { HelpNowPeriod } from '#server/domain/accounts/help-now.ts'
import { changeAvailableToHelp, selectUser } from '#features/account'
import { useNow } from '#shared/hooks/useNow.ts'
import { helpNowEnd, helpsNow } from './help-now.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { helpNowMessages } from './help-now-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { useAction } from '#shared/form/useAction.ts'
import './help-now.css'

interface HelpNowSwitchProps {
  /** The requests tab's one-line form; the settings add a hint on what the switch does. */
  compact?: boolean
}

/**
 * "I can help now" (docs/product.md#live-updates-and-push): the user's switch, on every device. Off, the push waves
 * about other people's new requests pass them over; the list and the take-over stay as they are. A native checkbox
 * with the switch role, so its name and state are announced as a switch; the state shows as the server saved it,
 * the one asked for while the call is on its way. While on, "For how long" turns it off by itself after an hour,
 * three hours or at midnight; the line under the switch says until when.
 */
export function HelpNowSwitch({ compact = false }: HelpNowSwitchProps) {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const updateUser = useStore((state) => state.updateUser)
  const { busy, error, run } = useAction()
  const [asked, setAsked] = useState<boolean | null>(null)
  const id = useId()
  const now = useNow()
  if (!user) return null
  const available = busy && asked !== null ? asked : helpsNow(user, now)
  const until = available && !busy ? user.availableUntil : null

  const change = (next: boolean, period?: HelpNowPeriod) => {
    setAsked(next)
    void run(async () => updateUser(await changeAvailableToHelp(next, period)))
  }
  const end = until ? helpNowEnd(until, i18n.locale) : null
  const endText =
    end &&
    (end.midnight
      ? i18n._(helpNowMessages.helpnowuntilmidnight)
      : i18n._(helpNowMessages.helpnowuntil.id, { time: end.time }))

  return (
    <div className={compact ? 'help-now help-now--compact' : 'help-now'}>
      <label className="help-now__switch">
        <input
          type="checkbox"
          role="switch"
          className="help-now__input"
          checked={available}
          aria-describedby={`${id}-state`}
          onChange={(event) => change(event.target.checked)}
        />
        <span className="help-now__track" aria-hidden="true">
          <span className="help-now__thumb" />
        </span>
        <span className="help-now__label">{i18n._(helpNowMessages.helpnow)}</span>
      </label>
      {/* In the page from the start, so the line appearing when the switch goes off is announced. */}
      <p id={`${id}-state`} className="help-now__state" aria-live="polite">
        {!available && i18n._(helpNowMessages.helpnowoff)}
        {endText}
      </p>
      {available && (
        <label className="help-now__period">
          <span>{i18n._(helpNowMessages.helpnowperiod)}</span>
          <select
            className="input"
            value={until ? 'chosen' : 'always'}
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value as HelpNowPeriod | 'always'
              change(true, value === 'always' ? undefined : value)
            }}
          >
            <option value="always">{i18n._(helpNowMessages.helpnowalways)}</option>
            {/* The period chosen earlier, as its end: choosing another one starts it from now. */}
            {until && (
              <option value="chosen" disabled>
                {endText}
              </option>
            )}
            <option value="1h">{i18n._(helpNowMessages.helpnow1h)}</option>
            <option value="3h">{i18n._(helpNowMessages.helpnow3h)}</option>
            <option value="today">{i18n._(helpNowMessages.helpnowtoday)}</option>
          </select>
        </label>
      )}
      {!compact && <p className="settings-panel__note">{i18n._(helpNowMessages.helpnowinfo)}</p>}
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
    </div>
  )
}
