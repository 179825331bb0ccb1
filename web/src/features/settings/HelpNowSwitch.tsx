import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import { changeAvailableToHelp } from '../account/api.ts'
import { messages } from '../../shared/i18n/catalog.ts'
import { helpNowMessages } from './help-now-catalog.ts'
import { useStore } from '../../app/store.ts'
import { selectUser } from '../account/session/slice.ts'
import { FormMessage } from '../../shared/form/FormMessage.tsx'
import { useAction } from '../../shared/form/useAction.ts'
import './help-now.css'

interface HelpNowSwitchProps {
  /** The requests tab's one-line form; the settings add a hint on what the switch does. */
  compact?: boolean
}

/**
 * "I can help now" (docs/product.md#live-updates-and-push): the user's switch, on every device. Off, the push waves
 * about other people's new requests pass them over; the list and the take-over stay as they are. A native checkbox
 * with the switch role, so its name and state are announced as a switch; the state shows as the server saved it,
 * the one asked for while the call is on its way.
 */
export function HelpNowSwitch({ compact = false }: HelpNowSwitchProps) {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const updateUser = useStore((state) => state.updateUser)
  const { busy, error, run } = useAction()
  const [asked, setAsked] = useState<boolean | null>(null)
  const id = useId()
  if (!user) return null
  const available = busy && asked !== null ? asked : user.availableToHelp

  const change = (next: boolean) => {
    setAsked(next)
    void run(async () => updateUser(await changeAvailableToHelp(next)))
  }

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
      </p>
      {!compact && <p className="settings-panel__note">{i18n._(helpNowMessages.helpnowinfo)}</p>}
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
    </div>
  )
}
