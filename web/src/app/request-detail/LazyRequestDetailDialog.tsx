import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { DialogBoundary } from '#shared/load/DialogBoundary.tsx'
import { lazyScreen } from '#shared/load/lazy-screen.ts'

/**
 * The request detail (its conversation, location and ready dialogs; the map comes later still). The list is the
 * first screen and does not wait for it (bench/chunks.ts): it is fetched right after the list shows
 * (preloadCoreScreens) or when the first request is opened, and precached by the service worker, so the saved copy
 * of a request opens offline.
 */
const RequestDetailDialog = lazyScreen(
  withTexts('request-detail', () =>
    import('./RequestDetailDialog.tsx').then((m) => ({ default: m.RequestDetailDialog })),
  ),
)

/** Starts fetching the detail's code and texts. */
export const preloadRequestDetailDialog = RequestDetailDialog.preload

interface LazyRequestDetailDialogProps {
  requestId: number | null
  onClose: () => void
}

export function LazyRequestDetailDialog({ requestId, onClose }: LazyRequestDetailDialogProps) {
  return (
    <DialogBoundary open={requestId !== null} onClose={onClose}>
      <RequestDetailDialog requestId={requestId} onClose={onClose} />
    </DialogBoundary>
  )
}
