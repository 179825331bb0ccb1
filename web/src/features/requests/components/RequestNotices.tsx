import { useLingui } from '@lingui/react'
import { Link } from 'wouter'
import { categoryNames, requestMessages } from '../request-catalog.ts'
import { listBadgeMessages } from '../list-badge-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectNotices, type RequestNotice } from '../slice.ts'
import { editedPartsText } from '../edited-parts.ts'
import '#shared/ui/requests.css'

/**
 * Live news about the user's own requests (taken over, back to new) and the ones they help with (completed, deleted,
 * removed as helper), and thank-yous to the helper. The polite live region stays in the page,
 * so a notice added to it is read out without moving focus; each notice stays until dismissed.
 */
export function RequestNotices() {
  const { i18n } = useLingui()
  const notices = useStore(selectNotices)
  const dismiss = useStore((s) => s.dismissNotice)
  const thanksReceived = useStore((s) => s.thanksReceived)
  const dismissThanks = useStore((s) => s.dismissThanks)
  return (
    <div className="live-notices" aria-live="polite">
      {thanksReceived.map((thanks) => (
        <LiveNotice
          key={`thanks-${thanks.request_id}`}
          thanks
          text={i18n._(listBadgeMessages.thanksfrom.id, { name: thanks.owner_name, text: thanks.text })}
          requestId={thanks.request_id}
          onDismiss={() => dismissThanks(thanks.request_id)}
        />
      ))}
      {notices.map((notice) => (
        <LiveNotice
          key={notice.id}
          text={noticeText(notice, i18n._.bind(i18n))}
          // A deleted request has nothing left to show.
          requestId={notice.change === 'deleted' ? null : notice.requestId}
          onDismiss={() => dismiss(notice.id)}
          // An edit stays told, in the detail too, until dismissed: opening the request is when it is read.
          dismissOnOpen={notice.change !== 'edited'}
        />
      ))}
    </div>
  )
}

interface LiveNoticeProps {
  text: string
  /** The request "Open" shows; null: no link. */
  requestId: number | null
  onDismiss: () => void
  /** Opening the request dismisses the notice too. */
  dismissOnOpen?: boolean
  thanks?: boolean
}

function LiveNotice({ text, requestId, onDismiss, dismissOnOpen = true, thanks = false }: LiveNoticeProps) {
  const { i18n } = useLingui()
  return (
    <div className={thanks ? 'live-notice live-notice--thanks' : 'live-notice'}>
      <p className="live-notice__text">{text}</p>
      {requestId !== null && (
        <Link
          href={`/?request=${requestId}`}
          className="button button--secondary live-notice__open"
          onClick={dismissOnOpen ? onDismiss : undefined}
        >
          {i18n._(requestMessages.opennoticerequest)}
        </Link>
      )}
      <button
        type="button"
        className="live-notice__dismiss"
        aria-label={i18n._(requestMessages.dismissnotice)}
        onClick={onDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

type Translate = (descriptor: { id: string; message?: string }, values?: Record<string, unknown>) => string

function noticeText(notice: RequestNotice, t: Translate): string {
  const category = t(categoryNames[notice.category])
  switch (notice.change) {
    case 'takenover': {
      const name = notice.helperName ?? ''
      const km = notice.helperDistanceKm
      if (km === null) return t(requestMessages.requesttakenover, { name, category })
      if (km === 0) return t(requestMessages.requesttakenovernear, { name, category })
      return t(requestMessages.requesttakenoverkm, { name, category, distance: km })
    }
    case 'released':
      return t(requestMessages.requestreleased, { category })
    case 'completed':
      return t(requestMessages.helpedcompleted, { category })
    case 'deleted':
      return t(requestMessages.helpeddeleted, { category })
    case 'removed':
      return t(requestMessages.helpedremoved, { category })
    case 'edited':
      return t(requestMessages.helpededited, { category, parts: editedPartsText(notice.edited, t) })
  }
}
