import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { messages } from '#shared/i18n/catalog.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import { type ConversationMessage, MessageList, conversationMessages, fetchConversation } from '#features/conversation'
import { type HelpRequest, StatusBadge, categoryNames, fetchRequest, requestMessages } from '#features/requests'
import { formatMoment } from './format.ts'
import { reportsMessages } from './reports-catalog.ts'

type Loaded =
  | { phase: 'loading' }
  | { phase: 'gone' }
  | { phase: 'failed' }
  | { phase: 'loaded'; request: HelpRequest; messages: ConversationMessage[] }

/**
 * The reported request and every message of it (admins read all of a request's conversations, read-only), as they
 * are stored now: a deleted request's messages went with it. Never a phone number on screen.
 */
export function RequestPanel({ requestId }: { requestId: number | null }) {
  const { i18n } = useLingui()
  const [loaded, setLoaded] = useState<Loaded>(requestId === null ? { phase: 'gone' } : { phase: 'loading' })
  useEffect(() => {
    if (requestId === null) return
    let current = true
    Promise.all([fetchRequest(requestId), fetchConversation(requestId)]).then(
      ([request, conversation]) => {
        if (current) setLoaded({ phase: 'loaded', request, messages: conversation.messages })
      },
      (error: unknown) => {
        if (!current) return
        if (error instanceof ApiError && error.status === 404) setLoaded({ phase: 'gone' })
        else {
          console.warn('Loading the reported request failed', error)
          setLoaded({ phase: 'failed' })
        }
      },
    )
    return () => {
      current = false
    }
  }, [requestId])

  return (
    <section className="report-panel" aria-labelledby="report-request-title">
      <h4 id="report-request-title" className="report-panel__title">
        {i18n._(reportsMessages.reportrequest)}
      </h4>
      {loaded.phase === 'loading' && <Loader label={i18n._(requestMessages.loadingrequest)} />}
      {loaded.phase === 'failed' && <FormMessage tone="error" text={i18n._(messages.failedtofetchrequest)} />}
      {loaded.phase === 'gone' && <p>{i18n._(reportsMessages.reportrequestgone)}</p>}
      {loaded.phase === 'loaded' && (
        <>
          <dl className="report-review__facts">
            <div>
              <dt>{i18n._(requestMessages.category)}</dt>
              <dd>{i18n._(categoryNames[loaded.request.category])}</dd>
            </div>
            <div>
              <dt>{i18n._(requestMessages.status)}</dt>
              <dd>
                <StatusBadge status={loaded.request.status} />
              </dd>
            </div>
            <div>
              <dt>{i18n._(reportsMessages.reportowner)}</dt>
              <dd>{loaded.request.user_name}</dd>
            </div>
            {loaded.request.responder_user_name && (
              <div>
                <dt>{i18n._(reportsMessages.reporthelper)}</dt>
                <dd>{loaded.request.responder_user_name}</dd>
              </div>
            )}
            <div>
              <dt>{i18n._(requestMessages.created)}</dt>
              <dd>{formatMoment(loaded.request.created_at, i18n.locale)}</dd>
            </div>
          </dl>
          <p className="report-review__details">{loaded.request.description}</p>
          <h5 className="report-panel__subtitle">{i18n._(reportsMessages.reportmessages)}</h5>
          {loaded.messages.length === 0 ? (
            <p>{i18n._(conversationMessages.nomessages)}</p>
          ) : (
            <MessageList messages={loaded.messages} userId={undefined} />
          )}
        </>
      )}
    </section>
  )
}
