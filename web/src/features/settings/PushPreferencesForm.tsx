import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import { KeyedError } from '#shared/api/errors.ts'
import { type NotificationPreferences, changeNotificationPreferences, selectUser } from '#features/account'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { notificationMessages } from './notification-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { HOURLY_CAP_CHOICES, notificationPreferencesError } from './push-preferences.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { SubmitButton } from '#shared/form/SubmitButton.tsx'
import { useAction } from '#shared/form/useAction.ts'

/** What switching quiet hours on suggests: the night. */
const NIGHT = { quietStart: '22:00', quietEnd: '07:00' }

/**
 * Quiet hours and the most alerts an hour about other people's new requests: the user's, on every device (the
 * server's push waves pass over them then). Edited here and saved with one button, which reports saved or the error.
 */
export function PushPreferencesForm() {
  const { i18n } = useLingui()
  const user = useStore(selectUser)
  const updateUser = useStore((state) => state.updateUser)
  const [draft, setDraft] = useState<NotificationPreferences>(() => ({
    quietStart: user?.quietStart ?? null,
    quietEnd: user?.quietEnd ?? null,
    hourlyCap: user?.hourlyCap ?? 6,
  }))
  const [saved, setSaved] = useState(false)
  const { busy, error, submitWith } = useAction()
  const id = useId()

  const quiet = draft.quietStart !== null || draft.quietEnd !== null
  const caps: readonly number[] = HOURLY_CAP_CHOICES.some((cap) => cap === draft.hourlyCap)
    ? HOURLY_CAP_CHOICES
    : [...HOURLY_CAP_CHOICES, draft.hourlyCap].sort((a, b) => a - b)

  function change(next: Partial<NotificationPreferences>) {
    setSaved(false)
    setDraft((current) => ({ ...current, ...next }))
  }

  async function save() {
    setSaved(false)
    const problem = notificationPreferencesError(draft)
    if (problem) throw new KeyedError(problem)
    updateUser(await changeNotificationPreferences(draft))
    setSaved(true)
  }

  return (
    <form className="form push-preferences" noValidate onSubmit={submitWith(save)}>
      <fieldset className="push-preferences__group">
        <legend className="field__label">{i18n._(notificationMessages.quiethours)}</legend>
        <p className="field__hint">{i18n._(notificationMessages.quiethourshint)}</p>
        <label className="choice">
          <input
            type="checkbox"
            checked={quiet}
            onChange={(event) => change(event.target.checked ? NIGHT : { quietStart: null, quietEnd: null })}
          />
          <span className="choice__label">{i18n._(notificationMessages.quiethourson)}</span>
        </label>
        {quiet && (
          <div className="push-preferences__times">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-from`}>
                {i18n._(notificationMessages.quietfrom)}
              </label>
              <input
                id={`${id}-from`}
                className="input"
                type="time"
                required
                value={draft.quietStart ?? ''}
                onChange={(event) => change({ quietStart: event.target.value })}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-until`}>
                {i18n._(notificationMessages.quietuntil)}
              </label>
              <input
                id={`${id}-until`}
                className="input"
                type="time"
                required
                value={draft.quietEnd ?? ''}
                onChange={(event) => change({ quietEnd: event.target.value })}
              />
            </div>
          </div>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cap`}>
          {i18n._(notificationMessages.hourlycap)}
        </label>
        <select
          id={`${id}-cap`}
          className="input"
          value={draft.hourlyCap}
          onChange={(event) => change({ hourlyCap: Number(event.target.value) })}
        >
          {caps.map((cap) => (
            <option key={cap} value={cap}>
              {i18n._(notificationMessages.hourlycapvalue.id, { count: cap })}
            </option>
          ))}
        </select>
      </div>
      <p className="settings-panel__note">{i18n._(notificationMessages.alwaysnotified)}</p>
      <SubmitButton busy={busy}>{i18n._(formMessages.save)}</SubmitButton>
      <FormMessage tone="success" text={saved ? i18n._(notificationMessages.notificationsettingssaved) : null} />
      <FormMessage tone="error" text={error ? i18n._(messages[error.key]) : null} />
    </form>
  )
}
