import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { SimplePage } from '#shared/layout/SimplePage.tsx'
import './info.css'

interface InfoLayoutProps {
  title: string
  children: ReactNode
}

// The history entry the app was opened on is marked once, when the app loads (this module is part of the main
// bundle); entries the app pushes later carry no mark. Closing a page on the marked entry has nothing in the app
// to go back to (a link opened in a new tab, a bookmark), so it goes to the main screen instead of leaving the app.
const LANDING_MARK = 'pyoraapuLanding'
const landingState: unknown = window.history.state
window.history.replaceState(
  typeof landingState === 'object' && landingState !== null
    ? { ...landingState, [LANDING_MARK]: true }
    : { [LANDING_MARK]: true },
  '',
)

function onLandingEntry(): boolean {
  const state: unknown = window.history.state
  return typeof state === 'object' && state !== null && LANDING_MARK in state
}

/** Goes back where the user came from in the app; with nothing to go back to, goes to the main screen. */
function useClose(): () => void {
  const [, navigate] = useLocation()
  return () => {
    if (onLandingEntry()) navigate('/', { replace: true })
    else window.history.back()
  }
}

/** The frame of the info page and the privacy statement: a simple page whose button closes it. */
export function InfoLayout({ title, children }: InfoLayoutProps) {
  const { i18n } = useLingui()
  const close = useClose()
  const closeButton = (
    <button type="button" className="button button--primary" onClick={close}>
      {i18n._(shellMessages.close)}
    </button>
  )
  return (
    <SimplePage title={title} className="info-page" action={closeButton}>
      {children}
    </SimplePage>
  )
}
