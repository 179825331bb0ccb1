import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { Link, Redirect } from 'wouter'
import { TopBar } from '#shared/layout/TopBar.tsx'
import { useDocumentTitle } from '#shared/hooks/useDocumentTitle.ts'
import { screenTitles, shellMessages } from '#shared/i18n/shell-catalog.ts'
import { isLocale } from '#shared/i18n/language.ts'
import { isStandalone } from './platform.ts'
import { markFirstVisitHandled } from './redirect-flag.ts'
import { Financiers } from './Financiers.tsx'
import { InstallSteps } from './InstallSteps.tsx'
import { installMessages } from './install-catalog.ts'
import '#shared/layout/pages.css'
import './install.css'
import { NotAnEmergencyService } from '#features/emergency'
import { HomeLink } from '#shared/layout/HomeLink.tsx'

/**
 * /install: what the app is, how to install it on this device, a way past it to /login, and who finances it.
 * The installed app has nothing to install, so there it goes to /login.
 */
export function InstallPage() {
  const { i18n } = useLingui()
  const [standalone] = useState(isStandalone)
  useDocumentTitle(`${i18n._(screenTitles.install)} – ${i18n._(shellMessages.appname)}`)
  // Opened directly, this page is the session's install visit too: / must not send the user here again.
  useEffect(markFirstVisitHandled, [])
  if (standalone) return <Redirect to="/login" replace />

  const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  return (
    <>
      <TopBar>
        <HomeLink />
      </TopBar>
      <main className="page install-page">
        {/* The heading right below names the app, so the logo adds nothing for a screen reader. */}
        <img
          className="install-page__logo"
          src={`/install/install-logo-${locale}.svg`}
          alt=""
          width={256}
          height={144}
        />
        <h1 className="page__title install-page__welcome">{i18n._(installMessages.installwelcome)}</h1>
        <p className="page__text">{i18n._(installMessages.installdescription)}</p>
        <NotAnEmergencyService />
        <ul className="install-page__facts">
          <li>{i18n._(installMessages.installinfohome)}</li>
          <li>{i18n._(installMessages.installinfofree)}</li>
        </ul>
        <InstallSteps />
        <p>
          <Link href="/login" className="install-page__skip">
            {i18n._(installMessages.skipinstall)}
          </Link>
        </p>
        <Financiers />
      </main>
    </>
  )
}
