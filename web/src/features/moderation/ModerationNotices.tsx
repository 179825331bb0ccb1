import { lazy, Suspense } from 'react'
import { useStore } from '../../app/store.ts'
import { selectModerationNotices } from './slice.ts'
import { withTexts } from '../../shared/i18n/catalog-loader.ts'

/** Few users ever get a notice: its dialog and texts are a chunk of their own, fetched when one comes. */
const NoticeDialog = lazy(withTexts('moderation-notice', () => import('./NoticeDialog.tsx')))

/**
 * The notices of moderation decisions (docs/admin.md, "Moderation"), one at a time, oldest first, in a dialog the
 * user acknowledges: a warning with the admin's statement of reasons and where to appeal; a report's outcome in plain
 * words. Shown when the app starts, or as soon as one comes while it is open. Closing it in any way acknowledges it.
 */
export function ModerationNotices() {
  const first = useStore(selectModerationNotices)[0]
  const noticeSeen = useStore((state) => state.noticeSeen)
  if (!first) return null
  return (
    <Suspense fallback={null}>
      <NoticeDialog key={first.notice_id} notice={first} onSeen={() => void noticeSeen(first.notice_id)} />
    </Suspense>
  )
}
