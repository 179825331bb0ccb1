import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../api/errors.ts'
import { addView, fetchRequest, type HelpRequest } from '../api/requests.ts'
import { useStore } from '../store/index.ts'

export type DetailPhase = 'loading' | 'loaded' | 'failed' | 'notfound'

/**
 * One request for its detail modal: fetched when opened, a view registered when the viewer is not its owner
 * (SPEC 4), and every change put into the list too, so closing the modal shows the same state. Once loaded it
 * follows the list's copy, which live events update, and a live deletion shows the not-found variant.
 */
export function useRequestDetail(id: number) {
  const putRequest = useStore((s) => s.putRequest)
  const dropRequest = useStore((s) => s.dropRequest)
  const [phase, setPhase] = useState<DetailPhase>('loading')
  const [request, setRequest] = useState<HelpRequest | null>(null)
  const live = useStore((s) => s.requests.find((r) => r.request_id === id))
  const deleted = useStore((s) => s.deletedRequestIds.includes(id))

  const update = useCallback(
    (next: HelpRequest) => {
      setRequest(next)
      putRequest(next)
    },
    [putRequest],
  )

  useEffect(() => {
    let current = true
    setPhase('loading')
    setRequest(null)
    fetchRequest(id).then(
      (loaded) => {
        if (!current) return
        update(loaded)
        setPhase('loaded')
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
          setPhase('notfound')
        } else {
          console.error('Fetching the request failed', error)
          setPhase('failed')
        }
      },
    )
    return () => {
      current = false
    }
  }, [id, update, dropRequest])

  if (phase === 'loaded' && deleted) return { phase: 'notfound' as const, request: null, update }
  return { phase, request: phase === 'loaded' ? (live ?? request) : request, update }
}
