import { useEffect } from 'react'
import { useStore } from '#shared/store/store.ts'

/** How often a shown service map asks for the list again. */
export const SERVICES_REFETCH_MS = 2 * 60_000

/**
 * Keeps a shown service map current. A logged-in app hears of every change on its event stream
 * (`services.changed`), but visitors have no stream: so while the map is shown it refetches when the page becomes
 * visible again and every two minutes. That is cheap: the fetch revalidates with the ETag and an unchanged list is
 * a 304 without a body, which leaves the store (and the map) untouched. It runs for logged-in users too, as a
 * safety net for a stream that is down; a hidden page does not poll.
 */
export function useFreshServices(): void {
  const loadServices = useStore((state) => state.loadServices)
  useEffect(() => {
    if (useStore.getState().servicesStatus !== 'loaded') void loadServices()
    const refetchIfVisible = () => {
      if (document.visibilityState === 'visible') void loadServices()
    }
    document.addEventListener('visibilitychange', refetchIfVisible)
    const timer = setInterval(refetchIfVisible, SERVICES_REFETCH_MS)
    return () => {
      document.removeEventListener('visibilitychange', refetchIfVisible)
      clearInterval(timer)
    }
  }, [loadServices])
}
