import { useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { selectModerationNotices } from './slice.ts'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { lazyScreen } from '#shared/load/lazy-screen.ts'
import { ScreenBoundary } from '#shared/load/ScreenBoundary.tsx'

/** Few users ever get a notice: its dialog and texts are a chunk of their own, fetched when one comes. */
const NoticeDialog = lazyScreen(withTexts('moderation-notice', () => import('./NoticeDialog.tsx')))

/**
 * The notices of moderation decisions (docs/admin.md, "Moderation"), one at a time, oldest first, in a dialog the
 * user acknowledges: a warning with the admin's statement of reasons and where to appeal; a report's outcome in plain
 * words. Shown when the app starts, or as soon as one comes while it is open. Closing it in any way acknowledges it.
 */
export function ModerationNotices() {
  const first = useStore(selectModerationNotices)[0]
  const noticeSeen = useStore((state) => state.noticeSeen)
  /** A notice whose dialog could not be fetched and was closed: it comes again at the next start. */
  const [closed, setClosed] = useState<number | null>(null)
  if (!first || closed === first.notice_id) return null
  return (
    <ScreenBoundary loading={null} onClose={() => setClosed(first.notice_id)} resetKey={first.notice_id}>
      <NoticeDialog key={first.notice_id} notice={first} onSeen={() => void noticeSeen(first.notice_id)} />
    </ScreenBoundary>
  )
}
