import { lazy, Suspense } from 'react'
import { useOnceTrue } from '../../../shared/hooks/useOnceTrue.ts'
import { withTexts } from '../../../shared/i18n/catalog-loader.ts'

const RequestDetailDialog = lazy(
  withTexts('request-detail', () =>
    import('./RequestDetailDialog.tsx').then((m) => ({ default: m.RequestDetailDialog })),
  ),
)

interface LazyRequestDetailDialogProps {
  requestId: number | null
  onClose: () => void
}

/**
 * The request detail (its map, conversation, location and ready dialogs), fetched when the first request is opened:
 * the list is the first screen and should not wait for it (bench/chunks.ts). Precached by the service worker, so
 * the saved copy of a request opens offline.
 */
export function LazyRequestDetailDialog({ requestId, onClose }: LazyRequestDetailDialogProps) {
  if (!useOnceTrue(requestId !== null)) return null
  return (
    <Suspense fallback={null}>
      <RequestDetailDialog requestId={requestId} onClose={onClose} />
    </Suspense>
  )
}
