import type { ReactNode } from 'react'
import './TopBar.css'

interface TopBarProps {
  /** The banner (as heading or home link) and, at the end, the bar's actions. */
  children: ReactNode
}

/** The dark brand bar at the top of every screen; the page's banner landmark. */
export function TopBar({ children }: TopBarProps) {
  return (
    <header className="top-bar on-brand">
      <div className="top-bar__inner">{children}</div>
    </header>
  )
}
