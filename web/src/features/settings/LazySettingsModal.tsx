import { lazy, Suspense } from 'react'
import { useOnceTrue } from '../../shared/hooks/useOnceTrue.ts'
import { withTexts } from '../../shared/i18n/catalog-loader.ts'

const SettingsModal = lazy(
  withTexts('settings', () => import('./SettingsModal.tsx').then((m) => ({ default: m.SettingsModal }))),
)

interface LazySettingsModalProps {
  open: boolean
  onClose: () => void
}

/**
 * The settings modal, fetched the first time it opens: its sections (account, radius, notifications, language)
 * would otherwise weigh on the first screen (bench/chunks.ts). The service worker precaches the chunk, so it opens
 * offline too.
 */
export function LazySettingsModal({ open, onClose }: LazySettingsModalProps) {
  if (!useOnceTrue(open)) return null
  return (
    <Suspense fallback={null}>
      <SettingsModal open={open} onClose={onClose} />
    </Suspense>
  )
}
