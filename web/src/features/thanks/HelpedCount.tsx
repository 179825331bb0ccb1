import { useLingui } from '@lingui/react'
import { logCallFailure } from '#shared/api/errors.ts'
import { useEffect, useState } from 'react'
import { fetchHelpedCount } from './api.ts'
import { thanksMessages } from './thanks-catalog.ts'
import { useStore } from '#shared/store/store.ts'

/**
 * "You have helped N cyclists" (docs/product.md#thanks-and-helped-counts): counts only, no ratings. Fetched when the
 * settings open, and again when a thank-you arrives meanwhile (the count may have grown with the request it thanks
 * for).
 */
export function HelpedCount() {
  const { i18n } = useLingui()
  const thanksSeen = useStore((s) => s.thanksReceived.length)
  const [state, setState] = useState<{ phase: 'loading' | 'failed' } | { phase: 'loaded'; count: number }>({
    phase: 'loading',
  })
  useEffect(() => {
    let current = true
    fetchHelpedCount().then(
      (count) => current && setState({ phase: 'loaded', count }),
      (error: unknown) => {
        logCallFailure('Fetching the helped count failed', error)
        if (current) setState({ phase: 'failed' })
      },
    )
    return () => {
      current = false
    }
  }, [thanksSeen])
  return (
    <p className="settings-panel__note" aria-live="polite">
      {state.phase === 'loaded'
        ? i18n._(thanksMessages.youhavehelped.id, { count: state.count })
        : i18n._(state.phase === 'loading' ? thanksMessages.loadinghelped : thanksMessages.helpedcountfailed)}
    </p>
  )
}
