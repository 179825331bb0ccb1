import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import { Link, Route, Switch, useLocation } from 'wouter'
import { SettingsEntry } from '#features/settings'
import { TopBar } from '#shared/layout/TopBar.tsx'
import { useDocumentTitle } from '#shared/hooks/useDocumentTitle.ts'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { adminMessages } from './admin-catalog.ts'
import { AdminOverview } from './overview/AdminOverview.tsx'
import type { RequestDetailView } from './request-detail-view.ts'
import { ADMIN_SECTIONS } from './sections.ts'
import { ServicesAdmin } from './services/ServicesAdmin.tsx'
import { UsersAdmin } from './users/UsersAdmin.tsx'
import { ReportsAdmin } from './reports/ReportsAdmin.tsx'
import { useOpenReportCount } from './reports/open-count.ts'
import { selectReportsChanges } from '#shared/live/slice.ts'
import { useStore } from '#shared/store/store.ts'
import { reportsMessages } from './reports/reports-catalog.ts'
import './admin.css'
import '#shared/layout/pages.css'
import { HomeLink } from '#shared/layout/HomeLink.tsx'

/**
 * /admin: the live dashboard, its own lazy chunk (nothing of it reaches the main bundle; app/AdminScreen.tsx gives it
 * the request detail). A section bar links the overview, the services and the users; each section is a page of its
 * own below the shared heading.
 */
export function AdminPage({ RequestDetail }: { RequestDetail: RequestDetailView }) {
  const { i18n } = useLingui()
  const title = i18n._(adminMessages.admindashboard)
  useDocumentTitle(`${title} – ${i18n._(shellMessages.appname)}`)
  return (
    <>
      <TopBar>
        <HomeLink />
        <SettingsEntry />
      </TopBar>
      <main className="page admin-page">
        <h1 className="page__title">{title}</h1>
        <SectionNav />
        <Switch>
          <Route path="/admin/services">
            <ServicesAdmin />
          </Route>
          <Route path="/admin/users">
            <UsersAdmin />
          </Route>
          <Route path="/admin/reports">
            <ReportsAdmin />
          </Route>
          <Route>
            <AdminOverview RequestDetail={RequestDetail} />
          </Route>
        </Switch>
      </main>
    </>
  )
}

/**
 * Links, not tabs: each section has its own address, and the current one is marked for screen readers. Reports carry
 * a badge of how many wait for a decision, counted when the dashboard opens and whenever the page is shown again.
 */
function SectionNav() {
  const { i18n } = useLingui()
  const [path] = useLocation()
  const openReports = useOpenReportCount((state) => state.openCount)
  const refreshOpenReports = useOpenReportCount((state) => state.refreshOpenCount)
  // A report filed or decided anywhere (`reports.changed`, to admins only) counts again at once.
  const reportsChanges = useStore(selectReportsChanges)
  useEffect(() => {
    if (reportsChanges > 0) void refreshOpenReports()
  }, [reportsChanges, refreshOpenReports])
  useEffect(() => {
    void refreshOpenReports()
    const onShown = () => {
      if (document.visibilityState === 'visible') void refreshOpenReports()
    }
    document.addEventListener('visibilitychange', onShown)
    return () => document.removeEventListener('visibilitychange', onShown)
  }, [refreshOpenReports])
  return (
    <nav aria-label={i18n._(adminMessages.adminsections)} className="admin-nav">
      {ADMIN_SECTIONS.map((section) => (
        <Link
          key={section.id}
          href={section.path}
          className="admin-nav__link"
          aria-current={path === section.path ? 'page' : undefined}
        >
          {i18n._(section.label)}
          {section.id === 'reports' && openReports !== null && openReports > 0 && (
            <span className="admin-nav__badge">
              <span aria-hidden="true">{openReports}</span>
              <span className="visually-hidden">
                , {i18n._(reportsMessages.openreportscount.id, { count: openReports })}
              </span>
            </span>
          )}
        </Link>
      ))}
    </nav>
  )
}
