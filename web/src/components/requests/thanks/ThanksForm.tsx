import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import { KeyedError } from '../../../api/errors.ts'
import { sendThanks, type Thanks } from '../../../api/thanks.ts'
import { formMessages } from '../../../i18n/form-messages.ts'
import { messages } from '../../../i18n/messages.ts'
import { thanksMessages } from '../../../i18n/thanks-messages.ts'
import { thanksProblem, THANKS_MAX } from '../../../requests/thanks-validation.ts'
import { FieldErrorMessage } from '../../form/FieldErrorMessage.tsx'
import { useAction } from '../../form/useAction.ts'
import './thanks.css'

/** What an owner most often wants to say to the person who got them back on the road: one tap each. */
const QUICK_THANKS = [thanksMessages.quickthankyou, thanksMessages.quicksavedmyday, thanksMessages.quickgreathelp]

interface ThanksFormProps {
  requestId: number
  onSent: (thanks: Thanks) => void
  /** Shown as a secondary button beside Send: the step can be left without thanking (later from the detail). */
  onSkip?: () => void
}

/** The owner's one thank-you: quick thank-yous, or their own words (1-200 characters), or skip. */
export function ThanksForm({ requestId, onSent, onSkip }: ThanksFormProps) {
  const { i18n } = useLingui()
  const id = useId()
  const [text, setText] = useState('')
  const { busy, error, run, submitWith } = useAction()
  const send = async (words: string) => {
    const problem = thanksProblem(words)
    if (problem) throw new KeyedError(problem)
    onSent(await sendThanks(requestId, words.trim()))
  }
  const shownError = error ? i18n._(messages[error.key]) : null
  return (
    <div className="thanks-form">
      <div className="thanks-form__quick" role="group" aria-label={i18n._(thanksMessages.quickthanksreplies)}>
        {QUICK_THANKS.map((words) => (
          <button
            key={words.id}
            type="button"
            className="button button--secondary thanks-form__quick-reply"
            disabled={busy}
            onClick={() => void run(() => send(i18n._(words)))}
          >
            {i18n._(words)}
          </button>
        ))}
      </div>
      <form className="form" onSubmit={submitWith(() => send(text))} noValidate>
        <div className="field__label-row">
          <label className="field__label" htmlFor={id}>
            {i18n._(thanksMessages.thanksfield)}
          </label>
          <span id={`${id}-count`} className="field__hint" aria-live="off">
            {i18n._(thanksMessages.thankscounter.id, { count: text.length })}
          </span>
        </div>
        <textarea
          id={id}
          className="input textarea"
          rows={2}
          maxLength={THANKS_MAX}
          value={text}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-count${shownError ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
        />
        <FieldErrorMessage id={`${id}-error`} text={shownError} />
        <div className="dialog__actions">
          {onSkip && (
            <button type="button" className="button button--secondary" onClick={onSkip} disabled={busy}>
              {i18n._(thanksMessages.skipthanks)}
            </button>
          )}
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
            {busy ? i18n._(formMessages.pleasewait) : i18n._(thanksMessages.sendthanks)}
          </button>
        </div>
      </form>
    </div>
  )
}
