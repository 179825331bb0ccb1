import { useLingui } from '@lingui/react'
import { ApiError, KeyedError } from '#shared/api/errors.ts'
import { sendMessage, type ConversationMessage } from './api.ts'
import { conversationMessages } from './conversation-catalog.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { QuickReplies, requestMessages, type RequestCategory } from '#features/requests'
import { messageProblem, MESSAGE_MAX } from './validation.ts'
import { quickRepliesFor, type ConversationSide } from './quick-replies.ts'
import { CountedTextarea } from '#shared/form/CountedTextarea.tsx'
import { useAction } from '#shared/form/useAction.ts'
import { formMessages } from '#shared/form/form-catalog.ts'
import { useTakingLong } from '#shared/hooks/useTakingLong.ts'
import { useStore } from '#shared/store/store.ts'
import { selectUser } from '#features/account'
import { outboxPath } from '#features/outbox'
import { useDraft } from '#shared/hooks/useDraft.ts'

interface MessageComposerProps {
  requestId: number
  side: ConversationSide
  /** The request's category: the helper's quick question fits it. */
  category: RequestCategory
  onSent: (message: ConversationMessage) => void
}

/**
 * Quick replies and a free text with its n/500 counter; the server's refusals (e.g. the hourly limit) show here. A
 * message that finds no network waits on the phone and shows as a pending bubble (docs/outbox.md).
 */
export function MessageComposer({ requestId, side, category, onSent }: MessageComposerProps) {
  const { i18n } = useLingui()
  const userId = useStore(selectUser)?.user_id
  // Kept as it is typed, per request, until sent (shared/storage/drafts.ts).
  const [text, setText, discardText] = useDraft(userId, `message:${requestId}`, '')
  const { busy, error, run, submitWith } = useAction()
  // A slow send says so in the button's place (a quick reply's too), not a silent grey button for up to 20 s.
  const slow = useTakingLong(busy)
  const sendOrQueue = useStore((state) => state.sendOrQueue)
  const recheckRequest = useStore((state) => state.recheckRequest)
  const send = async (words: string, clear: boolean) => {
    const problem = messageProblem(words)
    if (problem) throw new KeyedError(problem)
    const text = words.trim()
    if (userId === undefined) throw new KeyedError('genericerror')
    const result = await sendOrQueue(
      { userId, kind: 'message', path: outboxPath('message', requestId), body: { text }, requestId },
      (call) => sendMessage(requestId, text, call),
    ).catch(async (error: unknown) => {
      // Refused as if this user had no part in it any more (removed as the helper, blocked) and no live event said
      // so yet: what the server shows them now replaces the detail, which says why; the words stay in the field.
      if (error instanceof ApiError && (error.status === 403 || error.status === 404))
        await recheckRequest(requestId).catch((failed: unknown) =>
          console.error('Rechecking the request failed', failed),
        )
      throw error
    })
    if (result.sent) onSent(result.answer)
    if (clear) discardText()
  }
  const shownError = error ? i18n._(messages[error.key]) : null
  return (
    <div className="conversation__composer">
      <QuickReplies
        label={i18n._(conversationMessages.quickreplies)}
        replies={quickRepliesFor(side, category)}
        disabled={busy}
        onPick={(words) => void run(() => send(words, false))}
      />
      <form className="conversation__form" onSubmit={submitWith(() => send(text, true))} noValidate>
        <CountedTextarea
          label={i18n._(conversationMessages.messagefield)}
          counter={i18n._(requestMessages.desccounter.id, { count: text.length })}
          value={text}
          onChange={setText}
          maxLength={MESSAGE_MAX}
          rows={2}
          error={shownError}
          beside={
            <button type="submit" className="button button--primary conversation__send" disabled={busy}>
              {i18n._(slow ? formMessages.sending : conversationMessages.sendmessage)}
            </button>
          }
        />
      </form>
    </div>
  )
}
