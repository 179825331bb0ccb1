import { Trans, useLingui } from '@lingui/react'
import { useEffect, useState, type KeyboardEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { Banner } from '#shared/ui/Banner.tsx'
import { LazyRequestDetailDialog } from './request-detail/LazyRequestDetailDialog.tsx'
import { AlertsOffer } from '../features/pwa/push/AlertsOffer.tsx'
import { PracticeResult } from '../features/pwa/push/PracticeResult.tsx'
import { AbilitiesOffer } from '../features/abilities/AbilitiesOffer.tsx'
import { ModerationNotices } from '../features/moderation/ModerationNotices.tsx'
import { RequestNotices } from '../features/requests/components/RequestNotices.tsx'
import { RequestsTab } from '../features/requests/components/RequestsTab.tsx'
import { LazyServiceMapTab } from '../features/services/LazyServiceMapTab.tsx'
import { SettingsEntry } from '../features/settings/SettingsEntry.tsx'
import { TopBar } from '#shared/layout/TopBar.tsx'
import { preloadCoreScreens } from './request-detail/preload-core-screens.ts'
import { useDocumentTitle } from '#shared/hooks/useDocumentTitle.ts'
import { cardMessages } from '../features/requests/card-catalog.ts'
import { requestMessages } from '../features/requests/request-catalog.ts'
import { screenTitles, shellMessages } from '#shared/i18n/shell-catalog.ts'
import { loadPhoneFormatter } from '#shared/phone/display.ts'
import { useRequestsNews } from '../features/requests/useRequestsNews.ts'
import { requestIdOf } from '../features/requests/request-link.ts'
import { useStore } from '#shared/store/store.ts'
import { selectSessionStatus, selectUser } from '../features/account/session/slice.ts'
import '#shared/layout/pages.css'

type Tab = 'requests' | 'servicemap'

/**
 * The main screen: the requests tab (default for a logged-in user) and the service map (default for a visitor,
 * who lands there from "Continue without logging in"). `/?request=<id>` opens that request's detail modal, and
 * `/?practice=<sent ms>` (a tapped practice alert) a card saying how long it took.
 */
export function MainPage() {
  const { i18n } = useLingui()
  const locate = useStore((state) => state.locate)
  const status = useStore(selectSessionStatus)
  const [chosenTab, setChosenTab] = useState<Tab | null>(null)
  const search = useSearch()
  const [, navigate] = useLocation()
  useDocumentTitle(i18n._(shellMessages.appname))

  // Requests are sorted by distance and the position is reported once per session: both need it.
  useEffect(() => {
    void locate()
  }, [locate])

  // A logged-in user sees phone numbers in request details: their formatter loads now, so none shows unformatted
  // first. A failure here is retried (and reported) where a number is shown.
  useEffect(() => {
    if (status === 'loggedIn') loadPhoneFormatter().catch(() => undefined)
  }, [status])

  // "Ask for help", the request detail and the conversation must not depend on a fetch after this screen.
  useEffect(() => {
    if (status === 'loggedIn') return preloadCoreScreens()
  }, [status])

  const linkedRequest = requestIdOf(search)
  const openRequestId = status === 'loggedIn' ? linkedRequest : null
  // A link to a request shows the requests tab behind its modal. A stored session still being checked shows it
  // too: the list kept on the device is there at once.
  const tab: Tab = chosenTab ?? (status !== 'loggedOut' || linkedRequest !== null ? 'requests' : 'servicemap')
  const requestsNews = useRequestsNews(tab === 'requests')

  return (
    <>
      <TopBar>
        <h1 className="top-bar__title">
          <Banner />
        </h1>
        <SettingsEntry />
      </TopBar>
      <main className="page page--main">
        {/* A visitor on the requests tab has its locked notice as the one log-in prompt. */}
        <SessionNotice showVisitorPrompt={tab !== 'requests'} />
        {status === 'loggedIn' && <AlertsOffer />}
        {/* A tapped practice alert (Settings → Notifications) opens `/?practice=...`: how long it took. */}
        <PracticeResult search={search} onClose={() => navigate('/', { replace: true })} />
        <RequestNotices />
        <Tabs tab={tab} onChange={setChosenTab} requestsNews={requestsNews} />
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
          {tab === 'requests' ? (
            <RequestsTab onOpenRequest={(id) => navigate(`/?request=${id}`)} />
          ) : (
            <LazyServiceMapTab />
          )}
        </div>
      </main>
      <LazyRequestDetailDialog requestId={openRequestId} onClose={() => navigate('/', { replace: true })} />
      {status === 'loggedIn' && <ModerationNotices />}
      {status === 'loggedIn' && <AbilitiesOffer />}
    </>
  )
}

interface TabsProps {
  tab: Tab
  onChange: (tab: Tab) => void
  /** Something new arrived in the requests list while another tab was open: a badge, part of the tab's name. */
  requestsNews: boolean
}

/** The two tabs of docs/product.md#screens-and-routes as an ARIA tablist: arrow keys move between them. */
function Tabs({ tab, onChange, requestsNews }: TabsProps) {
  const { i18n } = useLingui()
  const tabs: { id: Tab; label: string }[] = [
    { id: 'requests', label: i18n._(requestMessages.tabrequests) },
    { id: 'servicemap', label: i18n._(requestMessages.tabservicemap) },
  ]
  // On the focused tab (the tablist itself takes no focus): the arrow keys move to the other tab and select it.
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const next: Tab = tab === 'requests' ? 'servicemap' : 'requests'
    onChange(next)
    document.getElementById(`tab-${next}`)?.focus()
  }
  return (
    <div role="tablist" aria-label={i18n._(requestMessages.maintabs)} className="tabs">
      {tabs.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          tabIndex={tab === id ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(id)}
          onKeyDown={onKeyDown}
        >
          {label}
          {id === 'requests' && requestsNews && (
            <span className="tabs__badge">
              {/* "Requests, new": the comma is for a screen reader's pause. */}
              <span className="visually-hidden">, {i18n._(cardMessages.tabnews)}</span>
            </span>
          )}
        </button>
      ))}
    </div>
  )
}

/**
 * Who is using the app: the logged-in user's name on one compact line (the list needs the room on a phone), or a
 * visitor's way to log in (`showVisitorPrompt`). Nothing while a stored session is checked.
 */
function SessionNotice({ showVisitorPrompt }: { showVisitorPrompt: boolean }) {
  const { i18n } = useLingui()
  const status = useStore(selectSessionStatus)
  const user = useStore(selectUser)
  if (status === 'checking') return null
  if (status === 'loggedIn' && user) {
    return (
      <p className="session-notice">
        <Trans
          id="loggedinas"
          message="Logged in as <0>{name}</0>"
          values={{ name: user.user_name }}
          components={{ 0: <strong /> }}
        />
      </p>
    )
  }
  if (!showVisitorPrompt) return null
  return (
    <div className="session-notice session-notice--visitor">
      <p>
        <Trans
          id="visitornotice"
          message="You are using the app as a visitor. Log in to ask for help and to help others."
        />
      </p>
      <Link href="/login" className="button button--primary">
        {i18n._(screenTitles.login)}
      </Link>
    </div>
  )
}
