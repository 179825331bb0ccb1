import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { KeyedError } from '#shared/api/errors.ts'
import { sendThanks, type Thanks } from './api.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { thanksMessages } from './thanks-catalog.ts'
import { thanksProblem, THANKS_MAX } from './validation.ts'
import { CountedTextarea } from '#shared/form/CountedTextarea.tsx'
import { QuickReplies } from '#features/requests'
import { useAction } from '#shared/form/useAction.ts'
import { useTakingLong } from '#shared/hooks/useTakingLong.ts'
import { useStore } from '#shared/store/store.ts'
import { selectUser } from '#features/account'
import { outboxPath } from '#features/outbox'
import './thanks.css'

/** What an owner most often wants to say to the person who got them back on the road: one tap each. */
const QUICK_THANKS = [thanksMessages.quickthankyou, thanksMessages.quicksavedmyday, thanksMessages.quickgreathelp]

interface ThanksFormProps {
  requestId: number
  onSent: (thanks: Thanks) => void
  /** It found no network and waits on the phone (docs/outbox.md); the detail's thanks section shows it. */
  onQueued?: () => void
  /** Shown as a secondary button beside Send: the step can be left without thanking (later from the detail). */
  onSkip?: () => void
}

/** The owner's one thank-you: quick thank-yous, or their own words (1-200 characters), or skip. */
export function ThanksForm({ requestId, onSent, onQueued, onSkip }: ThanksFormProps) {
  const { i18n } = useLingui()
  const [text, setText] = useState('')
  const { busy, error, run, submitWith } = useAction()
  const slow = useTakingLong(busy)
  const userId = useStore(selectUser)?.user_id
  const sendOrQueue = useStore((state) => state.sendOrQueue)
  const send = async (words: string) => {
    const problem = thanksProblem(words)
    if (problem) throw new KeyedError(problem)
    if (userId === undefined) throw new KeyedError('genericerror')
    const thanks = words.trim()
    const result = await sendOrQueue(
      { userId, kind: 'thanks', path: outboxPath('thanks', requestId), body: { text: thanks }, requestId },
      (call) => sendThanks(requestId, thanks, call),
    )
    if (result.sent) onSent(result.answer)
    else onQueued?.()
  }
  const shownError = error ? i18n._(messages[error.key]) : null
  return (
    <div className="thanks-form">
      <QuickReplies
        label={i18n._(thanksMessages.quickthanksreplies)}
        replies={QUICK_THANKS}
        disabled={busy}
        onPick={(words) => void run(() => send(words))}
      />
      <form className="form" onSubmit={submitWith(() => send(text))} noValidate>
        <CountedTextarea
          label={i18n._(thanksMessages.thanksfield)}
          counter={i18n._(thanksMessages.thankscounter.id, { count: text.length })}
          value={text}
          onChange={setText}
          maxLength={THANKS_MAX}
          rows={2}
          error={shownError}
        />
        <div className="dialog__actions">
          {onSkip && (
            <button type="button" className="button button--secondary" onClick={onSkip} disabled={busy}>
              {i18n._(thanksMessages.skipthanks)}
            </button>
          )}
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
            {i18n._(slow ? formMessages.sending : busy ? formMessages.pleasewait : thanksMessages.sendthanks)}
          </button>
        </div>
      </form>
    </div>
  )
}
