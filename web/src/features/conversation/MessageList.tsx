import { useLingui } from '@lingui/react'
import { useEffect, useRef } from 'react'
import type { ConversationMessage } from './api.ts'
import { conversationMessages } from './conversation-catalog.ts'
import { outboxMessages } from '#features/outbox'
import './conversation.css'
import { intlLocale } from '#shared/format/intl-locale.ts'

interface MessageListProps {
  messages: readonly ConversationMessage[]
  userId: number | undefined
  /** One's own messages that waited on the phone and have just landed (docs/outbox.md): each says "Sent". */
  landedIds?: readonly string[]
  /** Whether an empty conversation says "No messages yet" (not when one of one's own waits to be sent). */
  emptyNote?: boolean
}

const timeOf = (iso: string, locale: string) =>
  new Date(iso).toLocaleTimeString(intlLocale(locale), { hour: '2-digit', minute: '2-digit' })

/**
 * The messages, oldest first, one's own on the right, in a log: screen readers announce what is added to it (a
 * message arriving live) without moving the focus. The newest stays in view as messages arrive.
 */
export function MessageList({ messages, userId, landedIds = [], emptyNote = true }: MessageListProps) {
  const { i18n } = useLingui()
  const log = useRef<HTMLDivElement>(null)
  const newest = messages.at(-1)?.message_id
  // Only the log scrolls to its newest message: the dialog stays where the reader is.
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight
  }, [newest])
  if (messages.length === 0) {
    return emptyNote ? <p className="conversation__empty">{i18n._(conversationMessages.nomessages)}</p> : null
  }
  return (
    <div
      ref={log}
      className="conversation__log"
      role="log"
      aria-label={i18n._(conversationMessages.messages)}
      // Focusable: a keyboard user can scroll a long conversation (it scrolls on its own, inside the dialog), as
      // axe requires of a scrolling region (scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <ol className="conversation__list">
        {messages.map((message) => {
          const mine = message.author_id === userId
          return (
            <li
              key={message.message_id}
              className={`conversation__message${mine ? ' conversation__message--mine' : ''}`}
            >
              <span className="conversation__meta">
                {mine ? i18n._(conversationMessages.you) : message.author_name}
                {' · '}
                <time dateTime={message.created_at}>{timeOf(message.created_at, i18n.locale)}</time>
              </span>
              <span className="conversation__text">{message.text}</span>
              {mine && landedIds.includes(message.message_id) && (
                <span className="conversation__landed">
                  <span aria-hidden="true">✓ </span>
                  {i18n._(outboxMessages.outboxsent)}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
