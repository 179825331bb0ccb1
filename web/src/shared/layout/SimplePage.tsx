import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { TopBar } from './TopBar.tsx'
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts'
import { shellMessages } from '../i18n/shell-catalog.ts'
import './pages.css'
import { HomeLink } from './HomeLink.tsx'

interface SimplePageProps {
  title: string
  children: ReactNode
  /** Extra class on <main> for the page's own styles. */
  className?: string
  /** What ends the page; a link back to / unless given. */
  action?: ReactNode
}

/** A secondary screen: the top bar with the banner as a home link, a heading and text, and a way back. */
export function SimplePage({ title, children, className, action }: SimplePageProps) {
  const { i18n } = useLingui()
  useDocumentTitle(`${title} – ${i18n._(shellMessages.appname)}`)
  return (
    <>
      <TopBar>
        <HomeLink />
      </TopBar>
      <main className={className ? `page ${className}` : 'page'}>
        <h1 className="page__title">{title}</h1>
        {children}
        <p className="page__actions">
          {action ?? (
            <Link href="/" className="button button--primary">
              {i18n._(shellMessages.backtomain)}
            </Link>
          )}
        </p>
      </main>
    </>
  )
}
