import { useEffect, useRef } from 'react'
import { OfflineBanner } from '../features/pwa/OfflineBanner.tsx'
import { LivePausedNotice } from './LivePausedNotice.tsx'
import './top-notices.css'

/** The custom property the top bar sticks below (shared/layout/TopBar.css). */
const HEIGHT_PROPERTY = '--top-notices-height'

/**
 * The notices of every screen (offline, live updates paused) in one strip that sticks to the top while the page
 * scrolls. Its height, kept on the root element as --top-notices-height, is where a screen's top bar sticks: the two
 * stack, and a notice never covers the top bar's controls (Settings, the admin's links).
 */
export function TopNotices() {
  const strip = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = strip.current
    // No ResizeObserver (an old browser, a DOM emulation): the top bar sticks at the very top, as before.
    if (!element || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`))
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(HEIGHT_PROPERTY)
    }
  }, [])
  return (
    <div ref={strip} className="top-notices">
      <OfflineBanner />
      <LivePausedNotice />
    </div>
  )
}
