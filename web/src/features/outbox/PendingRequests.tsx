import { useLingui } from '@lingui/react'
import { useShallow } from 'zustand/react/shallow'
import { useStore } from '#shared/store/store.ts'
import { REQUEST_CATEGORIES, type RequestCategory, categoryNames, previewOf, selectRequests } from '#features/requests'
import { outboxMessages } from './outbox-catalog.ts'
import { OutboxStatus } from './OutboxStatus.tsx'
import { selectOutbox, type OutboxEntry } from './slice.ts'
import { SmsFallback } from './SmsFallback.tsx'
import { requestOfBody } from './sms.ts'
import './outbox.css'

const isCategory = (value: string): value is RequestCategory =>
  (REQUEST_CATEGORIES as readonly string[]).includes(value)

const answeredId = (entry: OutboxEntry): number | null => {
  const answer = entry.answer
  return typeof answer === 'object' &&
    answer !== null &&
    'request_id' in answer &&
    typeof answer.request_id === 'number'
    ? answer.request_id
    : null
}

/**
 * The user's new requests that wait on the phone (docs/outbox.md), where the request will appear: at the top of the
 * list, as cards of their own that say so, with Cancel and the SMS fallback. One that landed says "Sent" until the
 * real request is in the list.
 */
export function PendingRequests() {
  const { i18n } = useLingui()
  const entries = useStore(useShallow(selectOutbox('request')))
  const listed = useStore(useShallow((state) => selectRequests(state).map((request) => request.request_id)))
  const shown = entries.filter((entry) => {
    const id = answeredId(entry)
    return entry.status !== 'sent' || id === null || !listed.includes(id)
  })
  if (shown.length === 0) return null
  return (
    <ul className="outbox-requests" aria-label={i18n._(outboxMessages.outboxpendingrequest)}>
      {shown.map((entry) => {
        const request = requestOfBody(entry.item.body)
        if (!request) return null
        const category = isCategory(request.category) ? request.category : 'other'
        return (
          <li key={entry.item.key} className={`outbox-request outbox-request--${entry.status}`}>
            <span className="request-row__title">{i18n._(categoryNames[category])}</span>
            <span className="outbox-request__label">{i18n._(outboxMessages.outboxpendingrequest)}</span>
            <span className="request-row__preview">{previewOf(request.description)}</span>
            <OutboxStatus entry={entry} />
            {entry.status === 'waiting' && (
              <SmsFallback category={category} description={request.description} location={request.location} />
            )}
          </li>
        )
      })}
    </ul>
  )
}
