import { nextRoundAt } from './flush.ts'
import { isOutboxNotice } from './outbox-notice.ts'
import type { OutboxStore } from './slice.ts'

interface StoreLike {
  getState: () => OutboxStore
  subscribe: (listener: (state: OutboxStore, previous: OutboxStore) => void) => () => void
}

/** When the next round is due, by the waiting entries (flush.ts nextRoundAt). */
const nextDue = (state: OutboxStore): number | null =>
  nextRoundAt(state.outbox.filter((entry) => entry.status === 'waiting').map((entry) => entry.item))

/**
 * When the page sends the outbox (docs/outbox.md): as soon as a session is known (the app opened), when the browser
 * is back online, when the app becomes visible again, when an item's backoff is over, and when the service worker
 * says it sent something (then the list is read again). Call once, at start.
 */
export function sendOutboxWhenPossible(store: StoreLike): void {
  const sendNow = (force: boolean) => void store.getState().sendOutbox(force)
  const loadThenSend = () =>
    void store
      .getState()
      .loadOutbox()
      .then(() => store.getState().sendOutbox(true))

  if (store.getState().status === 'loggedIn') loadThenSend()

  let timer: ReturnType<typeof setTimeout> | null = null
  let timerFor: number | null = null
  store.subscribe((state, previous) => {
    if (state.status === 'loggedIn' && previous.status !== 'loggedIn') loadThenSend()
    if (state.outbox === previous.outbox) return
    const due = nextDue(state)
    if (due === timerFor) return
    if (timer) clearTimeout(timer)
    timer = null
    timerFor = due
    if (due !== null) {
      timer = setTimeout(
        () => {
          timer = null
          timerFor = null
          sendNow(false)
        },
        Math.max(0, due - Date.now()),
      )
    }
  })

  window.addEventListener('online', () => sendNow(true))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') loadThenSend()
  })
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isOutboxNotice(event.data)) void store.getState().outboxSentElsewhere(event.data.sent)
  })
}
