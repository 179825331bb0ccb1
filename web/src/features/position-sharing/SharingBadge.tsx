import { useLingui } from '@lingui/react'
import { listBadgeMessages } from '#features/requests'
import { useStore } from '#shared/store/store.ts'
import './position-sharing.css'

/** On the helper's card while they share their location: sharing goes on with the detail closed, and must show. */
export function SharingBadge({ requestId }: { requestId: number }) {
  const { i18n } = useLingui()
  if (!useStore((s) => s.sharing[requestId] === true)) return null
  return (
    <span className="sharing-badge">
      <span className="share-location__dot" aria-hidden="true" />
      {i18n._(listBadgeMessages.sharinglocation)}
    </span>
  )
}
