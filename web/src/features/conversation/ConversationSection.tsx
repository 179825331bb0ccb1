import { useLingui } from '@lingui/react'
import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { type HelpRequest, formatClockTime } from '#features/requests'
import { conversationMessages } from './conversation-catalog.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectIsAdmin, selectUser } from '#features/account'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { MessageComposer } from './MessageComposer.tsx'
import { MessageList } from './MessageList.tsx'
import { UnreadBadge } from './UnreadBadge.tsx'
import { useConversation } from './useConversation.ts'
import { ReportPeople, reportsInConversation } from '#features/moderation'
import { PendingMessages, outboxMessages, selectLandedMessageIds, selectOutbox } from '#features/outbox'
import './conversation.css'

const READ_ONLY_NOTICE = {
  completed: conversationMessages.readonlycompleted,
  noHelper: conversationMessages.readonlynohelper,
  admin: conversationMessages.readonlyadmin,
} as const

/**
 * The conversation between the request's owner and its helper (docs/product.md#conversation): for the two of them, and
 * read-only for admins. Nobody else sees the section; the server enforces the same rule.
 */
export function ConversationSection({ request }: { request: HelpRequest }) {
  const userId = useStore(selectUser)?.user_id
  const isAdmin = useStore(selectIsAdmin)
  const helping = request.status === 'in progress' && userId !== undefined && request.responder_id === userId
  if (!request.isOwnRequest && !helping && !isAdmin) return null
  // The open conversations of the user's own requests and the ones they help with are kept for offline use.
  const keep = request.status !== 'completed' && (request.isOwnRequest || helping)
  return <Conversation request={request} userId={userId} keep={keep} />
}

interface ConversationProps {
  request: HelpRequest
  userId: number | undefined
  keep: boolean
}

function Conversation({ request, userId, keep }: ConversationProps) {
  const { i18n } = useLingui()
  // A callback ref in state: the hook follows the element itself, which comes and goes with the section.
  const [section, setSection] = useState<HTMLElement | null>(null)
  const { phase, messages, readOnly, unreadOnOpen, retry, addSent, offlineCopyAt } = useConversation(
    request.request_id,
    `${request.status}:${request.responder_id ?? ''}`,
    section,
    keep,
  )
  const landedIds = useStore(useShallow(selectLandedMessageIds(request.request_id)))
  const waiting = useStore(useShallow(selectOutbox('message', request.request_id)))
  // Nothing to read and nothing to write (a new request, a completed one without messages): no section at all.
  if (phase === 'loaded' && readOnly !== null && messages.length === 0) return null
  return (
    <section ref={setSection} className="request-detail__section conversation" aria-labelledby="request-messages">
      <h3 id="request-messages" className="request-detail__heading">
        {i18n._(conversationMessages.messages)} <UnreadBadge count={unreadOnOpen} />
      </h3>
      <p className="field__hint">{i18n._(conversationMessages.messagesprivate)}</p>
      {phase === 'loading' && <Loader label={i18n._(conversationMessages.loadingmessages)} />}
      {phase === 'failed' && (
        <>
          <FormMessage tone="error" text={i18n._(conversationMessages.messagesfailed)} />
          <button type="button" className="button button--secondary" onClick={retry}>
            {i18n._(shellMessages.tryagain)}
          </button>
        </>
      )}
      {phase === 'loaded' && (
        <>
          {offlineCopyAt !== null && (
            <FormMessage
              tone="warning"
              text={i18n._(conversationMessages.messagesofflinecopy.id, {
                time: formatClockTime(offlineCopyAt, i18n.locale),
              })}
            />
          )}
          <MessageList
            messages={messages}
            userId={userId}
            landedIds={landedIds}
            // A message waiting on the phone is the conversation's first: no "No messages yet" above it.
            emptyNote={waiting.length === 0}
          />
          <PendingMessages requestId={request.request_id} messages={messages} />
          {offlineCopyAt !== null && !readOnly && (
            <p className="field__hint">{i18n._(outboxMessages.outboxofflinemessages)}</p>
          )}
          {readOnly ? (
            <p className="conversation__read-only">{i18n._(READ_ONLY_NOTICE[readOnly])}</p>
          ) : (
            <MessageComposer
              requestId={request.request_id}
              side={request.isOwnRequest ? 'owner' : 'helper'}
              category={request.category}
              onSent={addSent}
            />
          )}
        </>
      )}
      {reportsInConversation(request, userId) && <ReportPeople request={request} compact />}
    </section>
  )
}
