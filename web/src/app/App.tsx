import { useDeferredValue } from 'react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { BootScreen } from './BootScreen.tsx'
import { TopNotices } from './TopNotices.tsx'
import { UpdatePrompt } from '../features/pwa/UpdatePrompt.tsx'
import { AppRoutes } from './routes.tsx'
import { RefusalSignOut } from '../features/account/suspension/RefusalSignOut.tsx'
import { useStore } from '#shared/store/store.ts'
import { selectCatalogStatus } from '../features/settings/slice.ts'

/**
 * Nothing renders with text until a catalog is active, so no untranslated text ever flashes. The store's change is a
 * synchronous update (useSyncExternalStore); deferred, the whole app's first render runs as a transition React cuts
 * into short tasks, so a tap during it is not kept waiting (docs/performance.md, "Lighthouse": total blocking time).
 */
export function App() {
  const catalogReady = useDeferredValue(useStore(selectCatalogStatus) === 'ready')
  if (!catalogReady) return <BootScreen />
  return (
    <I18nProvider i18n={i18n}>
      <TopNotices />
      <AppRoutes />
      <RefusalSignOut />
      <UpdatePrompt />
    </I18nProvider>
  )
}
