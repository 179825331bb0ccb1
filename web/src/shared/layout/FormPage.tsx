import { useLingui } from '@lingui/react'
import { useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { Banner } from '../ui/Banner.tsx'
import { SettingsButton } from '../../features/settings/SettingsButton.tsx'
import { LazySettingsModal } from '../../features/settings/LazySettingsModal.tsx'
import { TopBar } from './TopBar.tsx'
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts'
import { shellMessages } from '../i18n/shell-catalog.ts'
import './pages.css'

interface FormPageProps {
  title: string
  children: ReactNode
}

/**
 * The frame of the login, registration and reset screens: the banner leads home, and Settings is at hand, so a
 * newcomer can switch the language before filling anything in.
 */
export function FormPage({ title, children }: FormPageProps) {
  const { i18n } = useLingui()
  const [settingsOpen, setSettingsOpen] = useState(false)
  useDocumentTitle(`${title} – ${i18n._(shellMessages.appname)}`)
  return (
    <>
      <TopBar>
        <Link href="/" className="top-bar__home">
          <Banner />
        </Link>
        <SettingsButton onClick={() => setSettingsOpen(true)} />
      </TopBar>
      <main className="page page--form">{children}</main>
      <LazySettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  )
}
