import type { ReactNode } from 'react'
import { AdminOnly } from '../features/admin/AdminOnly.tsx'
import { PageLoader } from '#shared/ui/PageLoader.tsx'
import { Route, Switch, useLocation } from 'wouter'
import { GuestOnly } from '../features/account/GuestOnly.tsx'
import { LOGIN_CODE_PATH } from '../features/account/login-code/path.ts'
import { FirstVisitRedirect, visitGoesToInstall } from '../features/pwa/install/FirstVisitRedirect.tsx'
import { InstallPage } from '../features/pwa/install/InstallPage.tsx'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { lazyScreen, type LazyScreen } from '#shared/load/lazy-screen.ts'
import { ScreenBoundary } from '#shared/load/ScreenBoundary.tsx'
import { TopBar } from '#shared/layout/TopBar.tsx'
import { loadAppSlices } from './store.ts'
import { HomeLink } from '#shared/layout/HomeLink.tsx'

/** A screen's code, with the store's slices every screen but the shell's reads (store.ts): the two come side by side. */
function screenCode<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAppSlices()]).then(([module]) => module)
}

// Every screen but /install is a chunk of its own, which comes with its texts (withTexts): the first screen of a first
// visit is /install (FirstVisitRedirect), and it should not wait for the others (bench/chunks.ts). The service worker
// precaches them all for offline use.
const MainPage = lazyScreen(
  withTexts(
    'main',
    screenCode(() => import('./MainPage.tsx').then((m) => ({ default: m.MainPage }))),
  ),
)
// The dashboard is for a handful of admins: its code (map, chart, forms) is fetched on the way in.
const AdminPage = lazyScreen(
  withTexts(
    'admin',
    screenCode(() => import('./AdminScreen.tsx')),
  ),
)
const RegisterPage = lazyScreen(
  withTexts(
    'register',
    screenCode(() =>
      import('../features/account/register/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
    ),
  ),
)
const ResetPasswordPage = lazyScreen(
  withTexts(
    'reset-password',
    screenCode(() =>
      import('../features/account/reset/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
    ),
  ),
)
const LoginCodePage = lazyScreen(
  withTexts(
    'login-code',
    screenCode(() =>
      import('../features/account/login-code/LoginCodePage.tsx').then((m) => ({ default: m.LoginCodePage })),
    ),
  ),
)
const PrivacyStatementPage = lazyScreen(
  withTexts(
    'privacy',
    screenCode(() =>
      import('../features/info/PrivacyStatementPage.tsx').then((m) => ({ default: m.PrivacyStatementPage })),
    ),
  ),
)
const LoginPage = lazyScreen(
  withTexts(
    'login',
    screenCode(() => import('../features/account/LoginPage.tsx').then((m) => ({ default: m.LoginPage }))),
  ),
)
const InfoPage = lazyScreen(
  withTexts(
    'info',
    screenCode(() => import('../features/info/InfoPage.tsx').then((m) => ({ default: m.InfoPage }))),
  ),
)
// The public figures (docs/product.md#public-figures): linked from /info, opened by few.
const StatsPage = lazyScreen(
  withTexts(
    'stats',
    screenCode(() => import('../features/stats/StatsPage.tsx')),
  ),
)
// Its text is the catalog of feedback texts (shared/i18n/catalog.ts), which the install page does not need.
const NotFoundPage = lazyScreen(
  withTexts(
    'not-found',
    screenCode(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage }))),
  ),
)
// A share link's page (docs/requests.md, "Share links"): opened from a message by someone who may have no account.
const SharedRequestPage = lazyScreen(
  withTexts(
    'shared-request',
    screenCode(() => import('../features/share-link/SharedRequestPage.tsx')),
  ),
)

/**
 * A page whose code or texts could not be fetched: the top bar with its home link stays, and the failure says so in
 * place of the page (docs/pwa.md, "Never a blank page").
 */
const failedPage = (failure: ReactNode) => (
  <>
    <TopBar>
      <HomeLink />
    </TopBar>
    <main className="page">{failure}</main>
  </>
)

const loading = (page: ReactNode) => (
  <ScreenBoundary loading={<PageLoader />} failed={failedPage}>
    {page}
  </ScreenBoundary>
)

const adminScreen = () => <AdminOnly>{loading(<AdminPage />)}</AdminOnly>

interface AppRoute {
  path: string
  screen: () => ReactNode
  /**
   * Starts fetching the screen's code and texts when the page is loaded at this route (preloadScreenOf), given the
   * address's query string and whether a session is stored. Absent for a screen in the entry chunk or behind a
   * sign-in.
   */
  preload?: (search: string, signedIn: boolean) => void
}

/** A lazy page anyone may open: fetched early when the visit starts at it. */
const pageRoute = (path: string, Page: LazyScreen<object>): AppRoute => ({
  path,
  screen: () => loading(<Page />),
  preload: () => Page.preload(),
})

/** A lazy page only a visitor without a session sees (GuestOnly): not fetched early when a session is stored. */
const guestRoute = (path: string, Page: LazyScreen<object>): AppRoute => ({
  path,
  screen: () => <GuestOnly>{loading(<Page />)}</GuestOnly>,
  preload: (_search, signedIn) => {
    if (!signedIn) Page.preload()
  },
})

/** Every route of docs/product.md#screens-and-routes, in its order; anything else is not found. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    screen: () => <FirstVisitRedirect>{loading(<MainPage />)}</FirstVisitRedirect>,
    preload: (search) => {
      if (!visitGoesToInstall(search)) MainPage.preload()
    },
  },
  guestRoute('/login', LoginPage),
  guestRoute(LOGIN_CODE_PATH, LoginCodePage),
  guestRoute('/register', RegisterPage),
  guestRoute('/resetpassword', ResetPasswordPage),
  pageRoute('/privacystatement', PrivacyStatementPage),
  pageRoute('/info', InfoPage),
  pageRoute('/stats', StatsPage),
  { path: '/install', screen: () => <InstallPage /> },
  { path: '/s/:token', screen: () => loading(<SharedRequestPage />) },
  // One route for all sections, so moving between them keeps the page (and its live map) mounted.
  { path: '/admin/*?', screen: adminScreen },
]

/**
 * Starts fetching the code and texts of the screen the page was loaded at, beside the shell's texts, rather than
 * after the first render has found the route: one round trip less before the page's content paints
 * (docs/performance.md, "Lighthouse"). A path with parameters, or none of the routes, fetches nothing early.
 */
export function preloadScreenOf(pathname: string, search: string, signedIn: boolean): void {
  ROUTES.find((route) => route.path === pathname)?.preload?.(search, signedIn)
}

/** The routes, under a boundary of their own for whatever fails outside a lazy page; moving elsewhere resets it. */
export function AppRoutes() {
  const [location] = useLocation()
  return (
    <ScreenBoundary failed={failedPage} resetKey={location}>
      <Switch>
        {ROUTES.map(({ path, screen }) => (
          <Route key={path} path={path}>
            {screen}
          </Route>
        ))}
        <Route>{loading(<NotFoundPage />)}</Route>
      </Switch>
    </ScreenBoundary>
  )
}
