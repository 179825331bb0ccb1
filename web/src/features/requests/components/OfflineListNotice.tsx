import { useLingui } from '@lingui/react'
import { pwaMessages } from '#features/pwa'
import { useOnline } from '#shared/hooks/useOnline.ts'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { formatClockTime } from '../relative-time.ts'

interface OfflineListNoticeProps {
  /** When the list shown was loaded (ms since the epoch); null when nothing is kept on the device. */
  loadedAt: number | null
}

/**
 * In place of the fetch error when the server could not be reached: the list shown is the one kept on the device,
 * and says from when. With nothing kept, the app's offline text, unless the offline banner already says it.
 */
export function OfflineListNotice({ loadedAt }: OfflineListNoticeProps) {
  const { i18n } = useLingui()
  const online = useOnline()
  const text =
    loadedAt !== null
      ? i18n._(pwaMessages.offlinelistfrom.id, { time: formatClockTime(loadedAt, i18n.locale) })
      : online
        ? i18n._(pwaMessages.offlinebanner)
        : null
  return <FormMessage tone="warning" text={text} />
}
