import { useLingui } from '@lingui/react'
import { useShallow } from 'zustand/react/shallow'
import { useStore } from '#shared/store/store.ts'
import type { ConversationMessage } from '#features/conversation'
import { outboxMessages } from './outbox-catalog.ts'
import { OutboxStatus } from './OutboxStatus.tsx'
import { selectOutbox } from './slice.ts'
import './outbox.css'

const textOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'text' in body && typeof body.text === 'string' ? body.text : ''

const messageIdOf = (answer: unknown): string | null =>
  typeof answer === 'object' && answer !== null && 'message_id' in answer && typeof answer.message_id === 'string'
    ? answer.message_id
    : null

/**
 * The user's messages in this conversation that wait on the phone (docs/outbox.md): after the sent ones, as their own
 * bubbles marked "not sent yet", with Cancel. One that landed goes once the conversation holds it.
 */
export function PendingMessages({
  requestId,
  messages,
}: {
  requestId: number
  messages: readonly ConversationMessage[]
}) {
  const { i18n } = useLingui()
  const entries = useStore(useShallow(selectOutbox('message', requestId)))
  const shown = entries.filter((entry) => {
    const id = messageIdOf(entry.answer)
    return entry.status !== 'sent' || id === null || !messages.some((message) => message.message_id === id)
  })
  if (shown.length === 0) return null
  return (
    <ol className="outbox-messages">
      {shown.map((entry) => (
        <li key={entry.item.key} className={`outbox-message outbox-message--${entry.status}`}>
          <span className="conversation__meta">{i18n._(outboxMessages.outboxpendingmessage)}</span>
          <span className="conversation__text">{textOf(entry.item.body)}</span>
          <OutboxStatus entry={entry} />
        </li>
      ))}
    </ol>
  )
}
