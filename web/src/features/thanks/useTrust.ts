import { useCallback, useEffect, useState } from 'react'
import { logCallFailure } from '#shared/api/errors.ts'
import { fetchTrust, type Thanks, type Trust } from './api.ts'
import type { HelpRequest } from '#features/requests'
import { useStore } from '#shared/store/store.ts'
import { selectThanksArrived } from '#features/conversation'

export type TrustPhase = 'loading' | 'loaded' | 'failed'

/**
 * The request's thank-you and its helper's helped count (GET /api/requests/{id}/thanks), fetched with the
 * detail and again when the helper or the status changes. Kept apart from the request itself: the list and
 * live events carry neither, so a live change of the request never drops them. A thank-you that arrives live is
 * shown at once.
 */
export function useTrust(request: HelpRequest) {
  const { request_id: id, status, responder_id: helperId } = request
  const [state, setState] = useState<{ key: string; phase: TrustPhase; trust: Trust | null }>({
    key: '',
    phase: 'loading',
    trust: null,
  })
  const [attempt, setAttempt] = useState(0)
  const arrived = useStore(selectThanksArrived(id))
  const key = `${id}:${status}:${helperId ?? ''}:${attempt}`

  useEffect(() => {
    let current = true
    fetchTrust(id).then(
      (trust) => current && setState({ key, phase: 'loaded', trust }),
      (error: unknown) => {
        logCallFailure('Fetching the thanks failed', error)
        if (current) setState({ key, phase: 'failed', trust: null })
      },
    )
    return () => {
      current = false
    }
  }, [id, key])

  const held = state.key === key ? state : { phase: 'loading' as const, trust: null }
  /** The owner sent their thank-you here: shown without another fetch. */
  const sent = useCallback(
    (thanks: Thanks) =>
      setState((previous) => ({
        ...previous,
        trust: { responder_helped: previous.trust?.responder_helped ?? null, thanks, canThank: false },
      })),
    [],
  )
  const thanks = held.trust?.thanks ?? arrived ?? null
  return {
    phase: held.phase,
    helperHelped: held.trust?.responder_helped ?? null,
    thanks,
    canThank: (held.trust?.canThank ?? false) && thanks === null,
    sent,
    retry: () => setAttempt((n) => n + 1),
  }
}

export type TrustView = ReturnType<typeof useTrust>
