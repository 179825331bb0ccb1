import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { SettingsEntry } from '#features/settings'
import { TopBar } from '#shared/layout/TopBar.tsx'
import { useDocumentTitle } from '#shared/hooks/useDocumentTitle.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import '#shared/layout/pages.css'
import { HomeLink } from '#shared/layout/HomeLink.tsx'

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
  useDocumentTitle(`${title} – ${i18n._(shellMessages.appname)}`)
  return (
    <>
      <TopBar>
        <HomeLink />
        <SettingsEntry />
      </TopBar>
      <main className="page page--form">{children}</main>
    </>
  )
}
