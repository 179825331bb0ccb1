import { useLingui } from '@lingui/react'
import { pwaMessages } from './pwa-catalog.ts'
import { useOnline } from '#shared/hooks/useOnline.ts'
import './pwa.css'

/** On every screen while the device is offline, so a failed action is never a mystery. */
export function OfflineBanner() {
  const { i18n } = useLingui()
  const online = useOnline()
  return (
    <div role="status" className="offline-banner" hidden={online}>
      {!online && i18n._(pwaMessages.offlinebanner)}
    </div>
  )
}
