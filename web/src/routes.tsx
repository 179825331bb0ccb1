import { lazy, Suspense, type ReactNode } from 'react'
import { AdminOnly } from './admin/AdminOnly.tsx'
import { PageLoader } from './components/PageLoader.tsx'
import { Route, Switch } from 'wouter'
import { GuestOnly } from './pages/GuestOnly.tsx'
import { InfoPage } from './pages/info/InfoPage.tsx'
import { FirstVisitRedirect } from './pages/install/FirstVisitRedirect.tsx'
import { InstallPage } from './pages/install/InstallPage.tsx'
import { LoginPage } from './pages/LoginPage.tsx'
import { MainPage } from './pages/MainPage.tsx'
import { NotFoundPage } from './pages/NotFoundPage.tsx'
import { PrivacyStatementPage } from './pages/privacy/PrivacyStatementPage.tsx'
import { RegisterPage } from './pages/register/RegisterPage.tsx'
import { ResetPasswordPage } from './pages/reset/ResetPasswordPage.tsx'

// The dashboard is for a handful of admins: its code (map, chart, forms) is its own chunk, fetched on the way in.
const AdminPage = lazy(() => import('./admin/AdminPage.tsx'))

const adminScreen = () => (
  <AdminOnly>
    <Suspense fallback={<PageLoader />}>
      <AdminPage />
    </Suspense>
  </AdminOnly>
)

interface AppRoute {
  path: string
  screen: () => ReactNode
}

/** Every route of SPEC section 2, in its order, then the admin dashboard (issue 14); anything else is not found. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    screen: () => (
      <FirstVisitRedirect>
        <MainPage />
      </FirstVisitRedirect>
    ),
  },
  {
    path: '/login',
    screen: () => (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  {
    path: '/register',
    screen: () => (
      <GuestOnly>
        <RegisterPage />
      </GuestOnly>
    ),
  },
  {
    path: '/resetpassword',
    screen: () => (
      <GuestOnly>
        <ResetPasswordPage />
      </GuestOnly>
    ),
  },
  { path: '/privacystatement', screen: () => <PrivacyStatementPage /> },
  { path: '/info', screen: () => <InfoPage /> },
  { path: '/install', screen: () => <InstallPage /> },
  // One route for all sections, so moving between them keeps the page (and its live map) mounted.
  { path: '/admin/*?', screen: adminScreen },
]

export function AppRoutes() {
  return (
    <Switch>
      {ROUTES.map(({ path, screen }) => (
        <Route key={path} path={path}>
          {screen}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  )
}
