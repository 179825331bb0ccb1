import { useLingui } from '@lingui/react'
import { useId, useState } from 'react'
import { KeyedError } from '../../../api/errors.ts'
import { sendMessage, type ConversationMessage } from '../../../api/messages.ts'
import { conversationMessages } from '../../../i18n/conversation-messages.ts'
import { messages } from '../../../i18n/messages.ts'
import { requestMessages } from '../../../i18n/request-messages.ts'
import { messageProblem, MESSAGE_MAX } from '../../../requests/message-validation.ts'
import { FieldErrorMessage } from '../../form/FieldErrorMessage.tsx'
import { useAction } from '../../form/useAction.ts'

/** Ready-made messages, one tap each: what an owner and a helper most often need to say on the road. */
const QUICK_REPLIES = [
  conversationMessages.quickonmyway,
  conversationMessages.quickimhere,
  conversationMessages.quicktyresize,
  conversationMessages.quicklocation,
  conversationMessages.quickthanks,
] as const

interface MessageComposerProps {
  requestId: number
  onSent: (message: ConversationMessage) => void
}

/** Quick replies and a free text with its n/500 counter; the server's refusals (e.g. the hourly limit) show here. */
export function MessageComposer({ requestId, onSent }: MessageComposerProps) {
  const { i18n } = useLingui()
  const id = useId()
  const [text, setText] = useState('')
  const { busy, error, run, submitWith } = useAction()
  const send = async (words: string, clear: boolean) => {
    const problem = messageProblem(words)
    if (problem) throw new KeyedError(problem)
    onSent(await sendMessage(requestId, words.trim()))
    if (clear) setText('')
  }
  const shownError = error ? i18n._(messages[error.key]) : null
  return (
    <div className="conversation__composer">
      <div className="conversation__quick" role="group" aria-label={i18n._(conversationMessages.quickreplies)}>
        {QUICK_REPLIES.map((reply) => (
          <button
            key={reply.id}
            type="button"
            className="button button--secondary conversation__quick-reply"
            disabled={busy}
            onClick={() => void run(() => send(i18n._(reply), false))}
          >
            {i18n._(reply)}
          </button>
        ))}
      </div>
      <form className="conversation__form" onSubmit={submitWith(() => send(text, true))} noValidate>
        <div className="field__label-row">
          <label className="field__label" htmlFor={id}>
            {i18n._(conversationMessages.messagefield)}
          </label>
          <span id={`${id}-count`} className="field__hint" aria-live="off">
            {i18n._(requestMessages.desccounter.id, { count: text.length })}
          </span>
        </div>
        <div className="conversation__input-row">
          <textarea
            id={id}
            className="input textarea conversation__input"
            rows={2}
            maxLength={MESSAGE_MAX}
            value={text}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-count${shownError ? ` ${id}-error` : ''}`}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary conversation__send" disabled={busy}>
            {i18n._(conversationMessages.sendmessage)}
          </button>
        </div>
        <FieldErrorMessage id={`${id}-error`} text={shownError} />
      </form>
    </div>
  )
}
