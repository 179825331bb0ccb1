import type { ReactNode } from 'react'
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

interface AppRoute {
  path: string
  screen: () => ReactNode
}

/** Every route of SPEC section 2, in its order; anything else is the not-found page. */
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
