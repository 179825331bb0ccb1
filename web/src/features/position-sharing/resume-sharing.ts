import type { StoreApi } from 'zustand'
import { type HelpRequest, isHelper } from '#features/requests'
import { readSharingOnDevice, type SharingStorage, writeSharingOnDevice } from './sharing-on-device.ts'

/** What becomes of the requests the helper shared on before the app (re)loaded. */
export interface ResumeDecision {
  /** Still taken by this helper and in progress: sharing starts again. */
  resume: number[]
  /** Over (completed, released, removed, deleted): forgotten. */
  forget: number[]
}

/**
 * Decides on each request `userId` shared on when the app was last open, by the list the app holds: one still in
 * progress with this user as its helper resumes; one the list shows otherwise is forgotten, and so is one the list
 * lacks once the server has answered it (`listFromServer`; the list kept on the device may be old or empty). The
 * rest wait for the server's list.
 */
export function sharingToResume(
  stored: readonly number[],
  requests: readonly HelpRequest[],
  userId: number,
  listFromServer: boolean,
): ResumeDecision {
  const decision: ResumeDecision = { resume: [], forget: [] }
  for (const requestId of stored) {
    const request = requests.find((r) => r.request_id === requestId)
    if (request && request.status === 'in progress' && isHelper(request, userId)) decision.resume.push(requestId)
    else if (request || listFromServer) decision.forget.push(requestId)
  }
  return decision
}

/** What this part reads of the store: the session, the list and the sharing. */
export interface ResumeSharingState {
  status: string
  user: { user_id: number } | null
  requests: readonly HelpRequest[]
  requestsStatus: string
  sharing: Readonly<Record<number, true>>
  startSharing: (requestId: number) => void
}

/**
 * "On my way" survives a reload (docs/requests.md, "On my way"): what the signed-in helper shares on is kept on the
 * device as it changes, and when the app loads, sharing starts again on each of those requests that is still theirs
 * and in progress. The browser's permission for the position was given at the first tap and holds: watching the
 * position again needs no new gesture. Call once, at start.
 */
export function resumeSharingAfterReload<S extends ResumeSharingState>(
  store: StoreApi<S>,
  storage?: SharingStorage,
): void {
  let userId: number | null = null
  /** Read from the device and not decided yet: kept there until they are. */
  let undecided = new Set<number>()

  const keep = (state: S) => {
    if (userId === null) return
    const ids = new Set([...Object.keys(state.sharing).map(Number), ...undecided])
    writeSharingOnDevice(userId, [...ids], storage)
  }

  const decide = (state: S) => {
    const signedIn = state.status === 'loggedIn' ? (state.user?.user_id ?? null) : null
    if (signedIn !== userId) {
      userId = signedIn
      undecided = new Set(signedIn === null ? [] : readSharingOnDevice(signedIn, storage))
    }
    if (userId === null || undecided.size === 0) return
    const { resume, forget } = sharingToResume(
      [...undecided],
      state.requests,
      userId,
      state.requestsStatus === 'loaded',
    )
    if (resume.length + forget.length === 0) return
    for (const requestId of [...resume, ...forget]) undecided.delete(requestId)
    for (const requestId of resume) store.getState().startSharing(requestId)
    keep(store.getState())
  }

  store.subscribe((state, previous) => {
    decide(state)
    if (state.sharing !== previous.sharing) keep(store.getState())
  })
  decide(store.getState())
}
