import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { DialogBoundary } from '#shared/load/DialogBoundary.tsx'
import { lazyScreen } from '#shared/load/lazy-screen.ts'

const SettingsModal = lazyScreen(
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
  return (
    <DialogBoundary open={open} onClose={onClose}>
      <SettingsModal open={open} onClose={onClose} />
    </DialogBoundary>
  )
}
