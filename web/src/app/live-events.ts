import { refreshAccessToken } from '#shared/api/client.ts'
import { useStore } from '#shared/store/store.ts'
import { EventStream, type SocketLike } from '#shared/live/stream.ts'

function eventsUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/api/events`
}

/** The page's one stream, once connectEventStream has run. */
let current: EventStream | null = null

/** After too many open places closed this page's stream (4409): connect again, here, now. */
export function resumeLiveUpdates(): void {
  current?.resume()
}

/**
 * Ties the event stream to the session: connected while logged in, closed on logout, told of every new token
 * (the API client's refresh stores it in the session slice). Request events go to the requests slice; a changed
 * service map is fetched again (its ETag makes an unchanged list a 304). Call once.
 */
export function connectEventStream(): void {
  const store = useStore
  const stream = new EventStream({
    url: eventsUrl(),
    // The handlers the stream sets read only `data` and `code`, which MessageEvent and CloseEvent carry.
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    readToken: () => store.getState().token,
    refreshToken: refreshAccessToken,
    onReady: () => {
      void store.getState().refetchRequests()
      // Messages that came while the stream was down are counted again.
      void store.getState().loadUnread()
      store.getState().reloadWatchedHelperPositions()
      store.getState().reloadWatchedWaitingProgress()
      // A notice of a moderation decision is shown at the next start (and after a reconnection, if it came meanwhile).
      void store.getState().loadNotices()
    },
    onEvent: (event) => {
      if (event.type === 'refetch') {
        void store.getState().refetchRequests()
        void store.getState().loadUnread()
        store.getState().reloadWatchedHelperPositions()
        store.getState().reloadWatchedWaitingProgress()
      } else if (event.type === 'message.created') {
        store.getState().messageArrived(event.message)
        // Seen arrive: the server drops the push that would follow. Out of view (or frozen in the background), no
        // receipt goes and the phone is notified (docs/requests.md, "Live and push"). Our own: no push to spare.
        const fromOther = event.message.author_id !== store.getState().user?.user_id
        if (fromOther && document.visibilityState === 'visible') stream.confirmReceived(event.message.message_id)
      } else if (event.type === 'thanks.received') store.getState().thanksArrived(event.thanks)
      else if (event.type === 'responder.position')
        store.getState().helperPositionArrived(event.request_id, event.position)
      else if (event.type === 'request.progress')
        store.getState().waitingProgressArrived(event.request_id, event.progress)
      else if (event.type === 'user.updated') store.getState().updateUser(event.user)
      else if (event.type === 'services.changed') void store.getState().loadServices()
      else if (event.type === 'notices.changed') void store.getState().loadNotices()
      else if (event.type === 'reports.changed') store.getState().reportsChanged()
      else store.getState().applyEvent(event)
    },
    onSessionOver: () => store.getState().endSession(),
    onPausedChange: (paused) => store.getState().setLivePaused(paused),
  })
  current = stream

  if (store.getState().status === 'loggedIn') stream.start()
  store.subscribe((state, previous) => {
    if (state.status === 'loggedIn' && previous.status !== 'loggedIn') stream.start()
    else if (state.status !== 'loggedIn' && previous.status === 'loggedIn') stream.stop()
    else if (state.token && state.token !== previous.token) stream.tokenChanged(state.token)
  })

  // The server pushes only what is visible without show-all (within reach), so with show-all on, requests farther
  // away may have changed unseen: when the page comes back into view, the changes since the last answer are fetched
  // (a `since` answer, small). Without show-all the stream is complete.
  document.addEventListener('visibilitychange', () => {
    // Paused because the app is open in too many places: the page a person looks at gets the live updates.
    if (document.visibilityState === 'visible') stream.resume()
    const { status, showAll } = store.getState()
    if (status === 'loggedIn' && showAll && document.visibilityState === 'visible') {
      void store.getState().refetchRequests()
    }
  })
  // Two windows side by side are both visible: a click into the paused one resumes it.
  window.addEventListener('focus', () => stream.resume())
}
