import { useLingui } from '@lingui/react'
import { useRef, useState, type ReactNode, type TouchEvent } from 'react'
import { requestMessages } from '../request-catalog.ts'
import { PULL_MAX_PX, PULL_START_PX, pullIndicatorHeight, pullTriggers } from '../pull.ts'

interface PullToRefreshProps {
  onRefresh: () => Promise<void>
  refreshing: boolean
  children: ReactNode
}

/** The page scrolls, or in the installed app (styles/standalone.css) #root does: either must be at its top. */
function isScrolledToTop(): boolean {
  return window.scrollY <= 0 && (document.getElementById('root')?.scrollTop ?? 0) <= 0
}

/**
 * Pull-to-refresh for touch screens (docs/product.md#screens-and-routes). It only starts at the top of the page, so
 * scrolling the list is never taken over. Keyboard and screen-reader users have the Refresh button next to it.
 */
export function PullToRefresh({ onRefresh, refreshing, children }: PullToRefreshProps) {
  const { i18n } = useLingui()
  const start = useRef<number | null>(null)
  const [distance, setDistance] = useState(0)

  function onTouchStart(event: TouchEvent) {
    start.current = isScrolledToTop() && !refreshing ? (event.touches[0]?.clientY ?? null) : null
  }

  function onTouchMove(event: TouchEvent) {
    if (start.current === null) return
    const y = event.touches[0]?.clientY ?? start.current
    setDistance(Math.max(0, y - start.current))
  }

  function onTouchEnd() {
    if (start.current !== null && pullTriggers(distance)) void onRefresh()
    start.current = null
    setDistance(0)
  }

  const height = refreshing ? PULL_START_PX : pullIndicatorHeight(distance)
  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className="pull" style={{ height }} aria-hidden="true">
        {height > 0 && (
          <>
            <span
              className={`pull__spinner${refreshing ? ' pull__spinner--spinning' : ''}`}
              style={{ transform: `rotate(${height * 3.6}deg)`, opacity: Math.min(1, height / PULL_MAX_PX + 0.3) }}
            />
            <span className="pull__label">
              {i18n._(
                refreshing
                  ? requestMessages.refreshing
                  : pullTriggers(distance)
                    ? requestMessages.releasetorefresh
                    : requestMessages.pulltorefresh,
              )}
            </span>
          </>
        )}
      </div>
      {children}
    </div>
  )
}
