import { useLingui } from '@lingui/react'
import { resumeLiveUpdates } from './live-events.ts'
import { liveMessages } from '#shared/live/live-catalog.ts'
import { useStore } from '#shared/store/store.ts'
import { selectLivePaused } from '#shared/live/slice.ts'
import './live.css'

/**
 * On every screen while the server has paused this page's live updates (the app is open in more places than the
 * user's limit). The page still works; a button, or looking at the page again, brings the updates back.
 */
export function LivePausedNotice() {
  const { i18n } = useLingui()
  const paused = useStore(selectLivePaused)
  if (!paused) return null
  return (
    <div role="status" className="live-paused">
      <p className="live-paused__text">{i18n._(liveMessages.livepaused)}</p>
      <button type="button" className="button button--secondary" onClick={resumeLiveUpdates}>
        {i18n._(liveMessages.liveresume)}
      </button>
    </div>
  )
}
