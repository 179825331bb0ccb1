import type { StateCreator } from 'zustand'
import { ApiError, logCallFailure } from '#shared/api/errors.ts'
import {
  fetchRequest,
  fetchRequestChanges,
  fetchRequestPage,
  type HelpRequest,
  type RequestCategory,
  type RequestChanges,
} from './api.ts'
import {
  applyRequestEvent,
  editedParts,
  helpedRequestChange,
  ownRequestChange,
  type EditedPart,
  type HelpedRequestChange,
  type OwnRequestChange,
  type RequestEvent,
  withPhonesSeen,
} from './list-merge.ts'
import type { RequestRole } from '#shared/live/server-events.ts'
import type { SessionStatus } from '#features/account'
import { isHelper } from './selectors.ts'

/** 'unreachable': the last fetch got no answer at all (offline, server down), as opposed to an error answer. */
export type RequestsStatus = 'idle' | 'loading' | 'loaded' | 'failed' | 'unreachable'

export interface RequestsState {
  /** As the server answered, unordered; screens order and filter with the selectors below. */
  requests: HelpRequest[]
  requestsStatus: RequestsStatus
  /**
   * How current the list is (ms since the epoch): when the server last answered it, or later, when a live event last
   * changed it after a fetch of this session (the stream tells every change, so the list was whole then); also for a
   * list kept on the device. null: never fetched. The offline list says "loaded at" this time.
   */
  requestsLoadedAt: number | null
  /** docs/product.md#help-requests: show requests outside the radius too. */
  showAll: boolean
  /** Show-all: the cursor of the next, older page; null when there is none (or show-all is off). */
  nextPage: string | null
  /** The fetch of a show-all page. */
  pageStatus: 'idle' | 'loading' | 'failed'
  /** Ids that a live event said were deleted, so an open detail modal can say so (the latest few). */
  deletedRequestIds: number[]
  /**
   * Ids held here that the server said this user may no longer see (a block, the owner's suspension, moved out of
   * reach: a live `request.hidden`, a sync's removals, a 404), so an open detail drops them and says so (the latest few).
   */
  hiddenRequestIds: number[]
  /**
   * Live changes of the user's own requests, or of the ones they help with, worth telling, oldest first; dismissed
   * one by one.
   */
  notices: RequestNotice[]
  /**
   * Requests whose response by this user ended here (released, or removed by the owner): the server never lets
   * them take it over again, so "I'm working on it" is disabled with the reason (docs/product.md#limits). Only what
   * this device saw; the server still decides, and its refusal is shown as before.
   */
  endedResponseIds: number[]
}

export interface RequestNotice {
  id: number
  change: OwnRequestChange | HelpedRequestChange
  requestId: number
  category: RequestCategory
  /** Who took it over ('takenover' only). */
  helperName: string | null
  /** How far they are, in whole km, as the server tells the owner ('takenover' only; null when unknown). */
  helperDistanceKm: number | null
  /** What the owner changed ('edited' only), gathered over the edits since the notice was last dismissed. */
  edited: EditedPart[]
}

export interface RequestsActions {
  /** GET /api/requests; keeps the last list on a failure, so a failed pull-to-refresh does not empty the screen. */
  loadRequests: () => Promise<void>
  /**
   * A fetch that starts now: events may have been missed, so a fetch already in flight (which may have left before
   * them) is followed by another. Only the changes since the last answer are fetched (`since`), unless there was none.
   */
  refetchRequests: () => Promise<void>
  /** Show-all: the next page of older requests. */
  loadMoreRequests: () => Promise<void>
  /** A live event from GET /api/events. */
  applyEvent: (event: RequestEvent) => void
  dismissNotice: (id: number) => void
  /**
   * The user is about to release or delete this request, or block its owner, on this device: the live event of their
   * own action makes no "no longer needed" notice, nor a "no longer shown" detail, whether it comes before or after
   * the HTTP answer.
   */
  expectOwnChange: (id: number) => void
  setShowAll: (showAll: boolean) => void
  /**
   * An HTTP answer about one request (the detail modal's fetch or change): the list shows it without another fetch,
   * unless it already holds a newer copy.
   */
  putRequest: (request: HelpRequest) => void
  /** An HTTP answer said the request is gone (deleted here, or 404). */
  dropRequest: (id: number) => void
  /**
   * A call about this request was refused as if the user no longer had a part in it (403, 404): what the server shows
   * them now replaces the copy held, or, when it shows nothing, the request is dropped as hidden.
   */
  recheckRequest: (id: number) => Promise<void>
  /** A session ended: nothing of the last user's list stays on screen. */
  requestsAfterLogout: () => void
  /** The list kept on the device (requests-cache.ts), shown until the server answers. */
  restoreRequests: (requests: HelpRequest[], loadedAt: number) => void
}

export type RequestsSlice = RequestsState & RequestsActions

/**
 * What this slice reads of the whole store: its own state, the session's status and user. Narrower than AppState, so the
 * slice (and its tests, in Node) need none of the browser-bound slices.
 */
export type RequestsStore = RequestsSlice & { status: SessionStatus; user: { user_id: number } | null }

export const initialRequestsState: RequestsState = {
  requests: [],
  requestsStatus: 'idle',
  requestsLoadedAt: null,
  showAll: false,
  nextPage: null,
  pageStatus: 'idle',
  deletedRequestIds: [],
  hiddenRequestIds: [],
  notices: [],
  endedResponseIds: [],
}

const KEPT_DELETED_IDS = 50

/** `ids` after `id`, the latest KEPT_DELETED_IDS. */
const remembered = (ids: number[], id: number) => [...ids.filter((held) => held !== id).slice(1 - KEPT_DELETED_IDS), id]

export const createRequestsSlice: StateCreator<RequestsStore, [], [], RequestsSlice> = (set, get) => {
  let loading: Promise<void> | null = null
  /** The `since` cursors of the list within reach, and of show-all's pages (the oldest page's: all since then). */
  let syncCursor: string | null = null
  let allSyncCursor: string | null = null
  /** Events that arrived while a fetch was in flight: applied again on top of its answer, which may predate them. */
  let eventsDuringLoad: RequestEvent[] | null = null
  /** The server answered the list since the last login (not only a copy kept on the device). */
  let fetchedThisSession = false
  let nextNoticeId = 1
  const viewerId = () => get().user?.user_id
  const upsert = (requests: HelpRequest[], request: HelpRequest) =>
    applyRequestEvent(requests, { type: 'request.upserted', request }, viewerId())

  /**
   * A `since` answer on top of the list held: its removals (unless `remove` is false), then its requests. A removal
   * of a request held is one the user may no longer see, as a live `request.hidden` says.
   */
  function applyChanges(requests: HelpRequest[], changes: RequestChanges, remove: boolean): HelpRequest[] {
    const removed = new Set(remove ? changes.removed : [])
    const kept = removed.size > 0 ? requests.filter((r) => !removed.has(r.request_id)) : requests
    for (const request of requests) if (removed.has(request.request_id)) noteHidden(request.request_id)
    return changes.requests.reduce(upsert, kept)
  }

  /** Hidden by something this user did here (they blocked its owner) is no news to the open detail. */
  function noteHidden(id: number) {
    if (ownChanges.has(id)) return
    set(({ hiddenRequestIds }) => ({ hiddenRequestIds: remembered(hiddenRequestIds, id) }))
  }
  /** Ids this user released or deleted here (a released helper can never take the request again, so none expire). */
  const ownChanges = new Set<number>()

  /** A live change (`next` null: deleted) of a request held as `previous`. */
  function notify(previous: HelpRequest | undefined, next: HelpRequest | null, removedBy?: RequestRole) {
    const userId = get().user?.user_id
    const helped =
      previous && userId !== undefined && !ownChanges.has(previous.request_id)
        ? helpedRequestChange(previous, next, userId, removedBy)
        : null
    const change = (next && ownRequestChange(previous, next)) ?? helped
    const about = next ?? previous
    if (!change || !about) return
    const earlier = get().notices.find((n) => n.requestId === about.request_id && n.change === 'edited')
    const edited =
      change === 'edited' && previous && next
        ? [...new Set([...(earlier?.edited ?? []), ...editedParts(previous, next)])]
        : []
    const notice: RequestNotice = {
      id: nextNoticeId++,
      change,
      requestId: about.request_id,
      category: about.category,
      helperName: about.responder_user_name,
      helperDistanceKm: about.responder_distance_km,
      edited,
    }
    // One notice per request: the latest change replaces an earlier one.
    set(({ notices }) => ({ notices: [...notices.filter((n) => n.requestId !== about.request_id), notice] }))
  }

  /**
   * The one way the list changes, for live events and HTTP answers alike, so neither can roll back the other: an
   * upsert older than the copy held is refused (applyRequestEvent compares updated_at), and a change made while a
   * fetch is in flight is applied again on top of its answer. A copy with the same updated_at replaces the held one:
   * the server answers each viewer its own shape (phones, isOwnRequest) of one state, so either copy is right and the
   * last one told is kept.
   *
   * Only live changes make notices and mark deletions for an open detail modal: an HTTP answer is the user's own
   * action, or a fetch whose screen already shows the outcome.
   */
  function apply(event: RequestEvent, origin: 'live' | 'answer') {
    // After a logout neither a late event nor a late answer may put the last user's requests back.
    if (get().status !== 'loggedIn') return
    eventsDuringLoad?.push(event)
    // A live change after this session's fetch: the list holds the news of now. Not before a fetch: a copy kept on
    // the device with one change on top is still as old as it was.
    if (origin === 'live' && fetchedThisSession) set({ requestsLoadedAt: Date.now() })
    const { requests, deletedRequestIds, notices } = get()
    if (event.type === 'request.hidden') {
      // Out of the user's reach now, not gone: no notice, but an open detail drops it and says so.
      if (requests.some((r) => r.request_id === event.request_id)) noteHidden(event.request_id)
      set({ requests: applyRequestEvent(requests, event) })
      return
    }
    if (event.type === 'request.deleted') {
      const previous = requests.find((r) => r.request_id === event.request_id)
      const told =
        origin === 'live'
          ? {
              deletedRequestIds: remembered(deletedRequestIds, event.request_id),
              notices: notices.filter((n) => n.requestId !== event.request_id),
            }
          : {}
      set({ requests: applyRequestEvent(requests, event), ...told })
      if (origin === 'live') notify(previous, null)
      return
    }
    const previous = requests.find((r) => r.request_id === event.request.request_id)
    // A completed request has nothing left to tell about its take-over or edits, whoever completed it.
    const completed = event.request.status === 'completed' && previous?.status !== 'completed'
    set({
      requests: applyRequestEvent(requests, event, viewerId()),
      ...(completed ? { notices: notices.filter((n) => n.requestId !== event.request.request_id) } : {}),
    })
    noteEndedResponse(previous, event.request)
    if (origin === 'live') notify(previous, event.request, event.removedBy)
  }

  /** Live or in an answer, a response of this user that ended without the request ending (see endedResponseIds). */
  function noteEndedResponse(previous: HelpRequest | undefined, next: HelpRequest) {
    const userId = get().user?.user_id
    if (!previous || userId === undefined || next.status === 'completed') return
    if (!isHelper(previous, userId) || isHelper(next, userId)) return
    const ended = get().endedResponseIds
    if (!ended.includes(next.request_id)) set({ endedResponseIds: [...ended, next.request_id] })
  }

  /**
   * Runs one fetch of the list at a time; `fetch` answers the new list. Live events that arrive meanwhile are applied
   * again on top of it, as the answer may predate them.
   */
  function load(fetch: () => Promise<HelpRequest[]>): Promise<void> {
    loading ??= (async () => {
      set({ requestsStatus: 'loading' })
      eventsDuringLoad = []
      try {
        const fetched = await fetch()
        const requests = eventsDuringLoad.reduce((list, event) => applyRequestEvent(list, event, viewerId()), fetched)
        if (get().status === 'loggedIn') {
          set({ requests, requestsStatus: 'loaded', requestsLoadedAt: Date.now() })
          fetchedThisSession = true
        }
      } catch (error) {
        logCallFailure('Fetching the requests failed', error)
        const unreachable = error instanceof ApiError && error.status === 0
        set({ requestsStatus: unreachable ? 'unreachable' : 'failed' })
      } finally {
        eventsDuringLoad = null
        loading = null
      }
    })()
    return loading
  }

  /**
   * Only what changed since the last answers. With show-all on, its own changes are applied too, and the list within
   * reach only adds: what left the reach is still shown by show-all (its changes say what is really gone).
   */
  function sync(): Promise<void> {
    return load(async () => {
      const showAll = get().showAll && allSyncCursor !== null
      try {
        const nearby = await fetchRequestChanges(syncCursor!)
        const all = showAll ? await fetchRequestChanges(allSyncCursor!, true) : null
        let requests = applyChanges(get().requests, nearby, !showAll)
        if (all) requests = applyChanges(requests, all, true)
        syncCursor = nearby.syncCursor
        if (all) allSyncCursor = all.syncCursor
        return requests
      } catch (error) {
        // A cursor the server no longer takes (older than a month): the whole list instead.
        if (!(error instanceof ApiError && error.status === 400)) throw error
        return wholeList()
      }
    })
  }

  /** The list within reach and, with show-all on, its first page; their cursors replace the old ones. */
  async function wholeList(): Promise<HelpRequest[]> {
    const showAll = get().showAll
    const [nearby, page] = await Promise.all([fetchRequestPage(), showAll ? fetchRequestPage(true) : null])
    const fetched = page ? page.requests.reduce(upsert, nearby.requests) : nearby.requests
    syncCursor = nearby.syncCursor
    allSyncCursor = page?.syncCursor ?? null
    if (page) set({ nextPage: page.nextCursor })
    return withPhonesSeen(get().requests, fetched, viewerId())
  }

  return {
    ...initialRequestsState,

    loadRequests: () => load(wholeList),

    refetchRequests: () => {
      const inFlight = loading
      return inFlight ? inFlight.then(() => get().refetchRequests()) : syncCursor ? sync() : get().loadRequests()
    },

    loadMoreRequests: async () => {
      const before = get().nextPage
      if (!before || get().pageStatus === 'loading') return
      set({ pageStatus: 'loading' })
      try {
        const page = await fetchRequestPage(true, before)
        if (get().status !== 'loggedIn' || !get().showAll) return
        allSyncCursor ??= page.syncCursor
        set({ requests: page.requests.reduce(upsert, get().requests), nextPage: page.nextCursor, pageStatus: 'idle' })
      } catch (error) {
        console.error('Fetching more requests failed', error)
        set({ pageStatus: 'failed' })
      }
    },

    applyEvent: (event) => apply(event, 'live'),

    dismissNotice: (id) => set(({ notices }) => ({ notices: notices.filter((n) => n.id !== id) })),

    expectOwnChange: (id) => {
      ownChanges.add(id)
    },

    setShowAll: (showAll) => {
      set({ showAll, nextPage: null, pageStatus: 'idle' })
      allSyncCursor = null
      // On: the first page joins the list. Off: the list within reach alone again, without what the pages added.
      if (get().status !== 'loggedIn') return
      const inFlight = loading
      void (inFlight ? inFlight.then(() => get().loadRequests()) : get().loadRequests())
    },

    putRequest: (request) => apply({ type: 'request.upserted', request }, 'answer'),

    dropRequest: (id) => apply({ type: 'request.deleted', request_id: id }, 'answer'),

    recheckRequest: async (id) => {
      try {
        get().putRequest(await fetchRequest(id))
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error
        noteHidden(id)
        apply({ type: 'request.deleted', request_id: id }, 'answer')
      }
    },

    requestsAfterLogout: () => {
      syncCursor = null
      allSyncCursor = null
      fetchedThisSession = false
      set(initialRequestsState)
    },

    // Only into an empty list: anything the server already told is newer than the device's copy.
    restoreRequests: (requests, loadedAt) => {
      if (get().requestsLoadedAt === null && get().requests.length === 0) set({ requests, requestsLoadedAt: loadedAt })
    },
  }
}

// The pure rules (visibility, ordering) live in selectors.ts, which tests load without a DOM.
export { isActive, isHelper, isVisible, orderRequests, visibleRequests, type Viewer } from './selectors.ts'

export const selectRequests = (state: RequestsState): HelpRequest[] => state.requests
export const selectEndedResponseIds = (state: RequestsState): number[] => state.endedResponseIds
export const selectRequestsStatus = (state: RequestsState): RequestsStatus => state.requestsStatus
export const selectRequestsLoadedAt = (state: RequestsState): number | null => state.requestsLoadedAt
export const selectShowAll = (state: RequestsState): boolean => state.showAll
export const selectNextPage = (state: RequestsState): string | null => state.nextPage
export const selectPageStatus = (state: RequestsState): RequestsState['pageStatus'] => state.pageStatus
export const selectNotices = (state: RequestsState): RequestNotice[] => state.notices

declare module '#shared/store/app-state.ts' {
  interface AppState extends RequestsSlice {}
}
