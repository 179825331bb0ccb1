import { useLingui } from '@lingui/react'
import { listBadgeMessages } from '#features/requests'
import { useStore } from '#shared/store/store.ts'
import { selectUnread } from './slice.ts'
import './conversation.css'

/** A number of unread messages in a pill, as phones show them; its words are for screen readers. */
export function UnreadBadge({ count }: { count: number }) {
  const { i18n } = useLingui()
  if (count === 0) return null
  const words = i18n._(listBadgeMessages.unreadmessages.id, { count })
  return (
    <span className="unread-badge" title={words}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}

/** A request's unread messages as the live store counts them: on its card in the list. */
export function RequestUnreadBadge({ requestId }: { requestId: number }) {
  return <UnreadBadge count={useStore(selectUnread(requestId))} />
}
