import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import { addView, fetchRequest, type HelpRequest } from './api.ts'
import { useStore } from '#shared/store/store.ts'

/**
 * 'deleted': a live event said it was deleted while open (the modal says so, not just "not found"). 'hidden': the
 * server said while it was open that this user may no longer see it (a block, a suspension, out of reach): what it
 * showed goes, the owner's number and the conversation with it.
 */
export type DetailPhase = 'loading' | 'loaded' | 'failed' | 'notfound' | 'deleted' | 'hidden'

/** What the modal knows of one request id; a state held for another id reads as loading. */
interface Detail {
  id: number
  phase: DetailPhase
  request: HelpRequest | null
}

/**
 * One request for its detail modal: fetched when opened, a view registered when the viewer is not its owner
 * (docs/product.md#help-requests), and every change put into the list too, so closing the modal shows the same state.
 * Once loaded it follows the list's copy, which live events update, and a live deletion gives the 'deleted' phase.
 */
export function useRequestDetail(id: number) {
  const putRequest = useStore((s) => s.putRequest)
  const dropRequest = useStore((s) => s.dropRequest)
  const [detail, setDetail] = useState<Detail>({ id, phase: 'loading', request: null })
  const live = useStore((s) => s.requests.find((r) => r.request_id === id))
  const deleted = useStore((s) => s.deletedRequestIds.includes(id))
  const hidden = useStore((s) => s.hiddenRequestIds.includes(id))

  const update = useCallback(
    (next: HelpRequest) => {
      setDetail((held) => (held.id === next.request_id ? { ...held, request: next } : held))
      putRequest(next)
    },
    [putRequest],
  )

  useEffect(() => {
    let current = true
    fetchRequest(id).then(
      (loaded) => {
        if (!current) return
        setDetail({ id, phase: 'loaded', request: loaded })
        putRequest(loaded)
        if (!loaded.isOwnRequest) {
          addView(id).then(
            (viewed) => current && update(viewed),
            (error: unknown) => console.error('Registering the view failed', error),
          )
        }
      },
      (error: unknown) => {
        if (!current) return
        if (error instanceof ApiError && error.status === 404) {
          dropRequest(id)
          setDetail({ id, phase: 'notfound', request: null })
        } else {
          console.error('Fetching the request failed', error)
          // No answer at all (offline at the roadside): the copy in the list, kept on the device, with the phone
          // numbers this user was shown, is better than an error.
          const kept = error instanceof ApiError && error.status === 0 ? findKeptCopy(id) : undefined
          setDetail(kept ? { id, phase: 'loaded', request: kept } : { id, phase: 'failed', request: null })
        }
      },
    )
    return () => {
      current = false
    }
  }, [id, update, putRequest, dropRequest])

  // Another id than the one held: its fetch has just started.
  const { phase, request } = detail.id === id ? detail : { phase: 'loading' as const, request: null }
  if (phase === 'loaded' && deleted) return { phase: 'deleted' as const, request: null, update }
  // Shown again later (back within reach) once the list holds it again.
  if (phase === 'loaded' && hidden && !live) return { phase: 'hidden' as const, request: null, update }
  return { phase, request: phase === 'loaded' ? (live ?? request) : request, update }
}

/** The list's copy of a request, read once: the modal then follows the list like a fetched one. */
function findKeptCopy(id: number): HelpRequest | undefined {
  return useStore.getState().requests.find((r) => r.request_id === id)
}
