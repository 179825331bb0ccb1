import type { StateCreator } from 'zustand'
import type { CallOptions } from '#shared/api/client.ts'
import { ApiError } from '#shared/api/errors.ts'
import type { ConversationMessage } from '#features/conversation'
import { postItem, withKeyAndTimeout } from './api.ts'
import { flushOutbox, withSendLock, type Attempt, type FlushReport, type OutboxStorage } from './flush.ts'
import { deleteItem, deleteOutbox, deviceOutbox, outboxAvailable, putItem, readItems } from './outbox-db.ts'
import { byCreation, newIdempotencyKey, type OutboxDraft, type OutboxItem, type OutboxKind } from './outbox-item.ts'
import { nextAttemptAt, outcomeOf, statusOf } from './retry-rules.ts'
import { askForBackgroundSync } from './background-sync.ts'

/**
 * The outbox as the screens show it (docs/outbox.md): what the signed-in user pressed Send on and the server has not
 * had yet (waiting), what it refused (refused, with its message), and what landed while this page was open (sent,
 * until the real item shows where it belongs), and what the user cancelled a moment ago (cancelled, with Undo for
 * UNDO_MS). The items themselves live in IndexedDB (outbox-db.ts); a sent or cancelled one is deleted there and stays
 * here only to say so.
 */
export type OutboxStatus = 'waiting' | 'refused' | 'sent' | 'cancelled'

/**
 * How long a cancelled item offers Undo in its place (docs/outbox.md, "Cancel and Undo"): one tap must not lose a
 * help request written at the roadside.
 */
export const UNDO_MS = 10_000

export interface OutboxEntry {
  item: OutboxItem
  status: OutboxStatus
  /** The server's answer once sent: the request, message or thank-you it made. */
  answer?: unknown
}

export interface OutboxState {
  outbox: readonly OutboxEntry[]
  /** The key of the item a round of this page is sending now: after 2 s it says "Sending…" (OutboxStatus). */
  outboxSending: string | null
}

/** What a composer learns: sent now (with the server's answer), or kept to be sent by itself. */
export type SendOrQueueResult<T> = { sent: true; answer: T } | { sent: false }

export interface OutboxActions {
  /**
   * A composer's Send: one attempt with a new Idempotency-Key; no answer (or offline, or a 5xx) keeps it in the outbox
   * with that key. A refusal is thrown as before, for the form to show.
   */
  sendOrQueue: <T>(draft: OutboxDraft, send: (call: CallOptions) => Promise<T>) => Promise<SendOrQueueResult<T>>
  /** Reads the device's items of the signed-in user (the app opened, the worker changed them). */
  loadOutbox: () => Promise<void>
  /** One round of sending; `force`: whatever the backoff (back online, the app opened or shown again). */
  sendOutbox: (force: boolean) => Promise<void>
  /** Another sender of this device (the service worker) sent these: shown as sent, then read again. */
  outboxSentElsewhere: (sent: ReadonlyArray<{ item: OutboxItem; answer: unknown }>) => Promise<void>
  /**
   * Cancel (waiting): gone from the device at once, so no sender takes it, and shown as cancelled with Undo for
   * UNDO_MS. Dismiss (refused, sent, cancelled): gone from the screen too.
   */
  removeOutboxItem: (key: string) => Promise<void>
  /** Undo of a cancel: the same item (its key, its place in the queue) waits on the device again. */
  undoCancelOutboxItem: (key: string) => Promise<void>
  /** Every end of a session: the whole outbox goes (docs/outbox.md). */
  outboxAfterLogout: () => void
}

export type OutboxSlice = OutboxState & OutboxActions

/** What this slice reads and calls of the whole store: who is signed in, and where a sent item shows up. */
export type OutboxStore = OutboxSlice & {
  status: string
  user: { user_id: number } | null
  refetchRequests: () => Promise<void>
  messageArrived: (message: ConversationMessage) => void
}

export const initialOutboxState: OutboxState = { outbox: [], outboxSending: null }

const entryOf = (item: OutboxItem): OutboxEntry => ({ item, status: item.refusal ? 'refused' : 'waiting' })

/** The browser's own verdict; outside a browser the network counts as up. */
const browserIsOffline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false

/** The user's entries of one kind (and request), oldest first. */
export const selectOutbox =
  (kind: OutboxKind, requestId: number | null = null) =>
  (state: OutboxState): OutboxEntry[] =>
    state.outbox.filter(
      (entry) => entry.item.kind === kind && (requestId === null || entry.item.requestId === requestId),
    )

/**
 * The ids of this request's messages that waited in the outbox and landed while the page was open: the conversation
 * marks them "Sent" (the pending bubble goes as soon as the message is in the conversation).
 */
export const selectLandedMessageIds =
  (requestId: number) =>
  (state: OutboxState): string[] =>
    state.outbox.flatMap((entry) => {
      const answer = entry.answer
      const landed = entry.status === 'sent' && entry.item.kind === 'message' && entry.item.requestId === requestId
      return landed && typeof answer === 'object' && answer !== null && 'message_id' in answer
        ? [String(answer.message_id)]
        : []
    })

export const createOutboxSlice: StateCreator<OutboxStore, [], [], OutboxSlice> = (set, get) => {
  const signedInUser = () => (get().status === 'loggedIn' ? (get().user?.user_id ?? null) : null)

  /** The device's storage while `userId` is still the one signed in; after a logout it touches nothing. */
  const storageWhile = (userId: number): OutboxStorage => ({
    all: () => (signedInUser() === userId ? deviceOutbox.all() : Promise.resolve([])),
    update: (key, change) => (signedInUser() === userId ? deviceOutbox.update(key, change) : Promise.resolve(null)),
    remove: (key) => (signedInUser() === userId ? deviceOutbox.remove(key) : Promise.resolve()),
  })

  /** Shows what landed, and makes the real item appear where it belongs. */
  function landed(sent: ReadonlyArray<{ item: OutboxItem; answer: unknown }>) {
    if (sent.length === 0) return
    const keys = new Set(sent.map(({ item }) => item.key))
    set({
      outbox: [
        ...get().outbox.filter((entry) => !keys.has(entry.item.key)),
        ...sent.map(({ item, answer }) => ({ item, status: 'sent' as const, answer })),
      ],
    })
    if (sent.some(({ item }) => item.kind === 'request')) void get().refetchRequests()
    for (const { item, answer } of sent) {
      if (item.kind === 'message' && isMessage(answer)) get().messageArrived(answer)
    }
  }

  /**
   * The device's items replace the waiting and refused entries; sent ones stay until dismissed or logout, cancelled
   * ones while they offer Undo. In the order they were written.
   */
  function show(items: readonly OutboxItem[], userId: number) {
    if (signedInUser() !== userId) return
    const mine = items.filter((item) => item.userId === userId)
    const keys = new Set(mine.map((item) => item.key))
    const kept = get().outbox.filter(
      (entry) => (entry.status === 'sent' || entry.status === 'cancelled') && !keys.has(entry.item.key),
    )
    set({ outbox: [...mine.map(entryOf), ...kept].sort((a, b) => byCreation(a.item, b.item)) })
  }

  /** Cancelled items drop out of sight when their Undo is over. */
  const undoTimers = new Map<string, ReturnType<typeof setTimeout>>()
  function endUndo(key: string) {
    const timer = undoTimers.get(key)
    if (timer !== undefined) clearTimeout(timer)
    undoTimers.delete(key)
  }

  async function attempt(item: OutboxItem): Promise<Attempt> {
    set({ outboxSending: item.key })
    try {
      return { outcome: 'sent', answer: await postItem(item) }
    } catch (error) {
      const outcome = outcomeOf(error)
      if (outcome !== 'refused') return { outcome }
      return {
        outcome: 'refused',
        refusal: { status: statusOf(error), message: error instanceof Error ? error.message : '' },
      }
    } finally {
      set({ outboxSending: null })
    }
  }

  let round: Promise<void> | null = null
  let again = false
  let againForced = false

  async function sendRound(force: boolean): Promise<void> {
    const userId = signedInUser()
    if (userId === null || browserIsOffline() || !outboxAvailable()) return
    const report: FlushReport = await withSendLock(() =>
      flushOutbox({ storage: storageWhile(userId), userId, send: attempt, force }),
    )
    landed(report.sent)
    show(await storageWhile(userId).all(), userId)
  }

  return {
    ...initialOutboxState,

    async sendOrQueue(draft, send) {
      const key = newIdempotencyKey()
      const keep = async (attempts: number, original: unknown) => {
        const now = Date.now()
        const item: OutboxItem = {
          ...draft,
          key,
          createdAt: now,
          attempts,
          nextAttemptAt: attempts === 0 ? now : nextAttemptAt(attempts, now),
          refusal: null,
        }
        try {
          await putItem(item)
        } catch (error) {
          // No outbox on this device (storage refused): the failure shows as it did before there was one.
          console.error('Keeping the item in the outbox failed', error)
          throw original
        }
        set({ outbox: [...get().outbox, entryOf(item)] })
        askForBackgroundSync()
      }
      if (browserIsOffline() && outboxAvailable()) {
        // Kept without trying; should keeping fail, the form says the device is offline, as it did before.
        await keep(0, new ApiError(0, 'Offline'))
        return { sent: false }
      }
      try {
        return { sent: true, answer: await withKeyAndTimeout(key, send) }
      } catch (error) {
        if (outcomeOf(error) !== 'retry' || !outboxAvailable()) throw error
        await keep(1, error)
        return { sent: false }
      }
    },

    async loadOutbox() {
      const userId = signedInUser()
      if (userId === null || !outboxAvailable()) return
      try {
        show(await readItems(), userId)
      } catch (error) {
        console.error('Reading the outbox failed', error)
      }
    },

    sendOutbox(force) {
      // One round at a time in this page; a call meanwhile makes one more round after it (with force if asked).
      if (round) {
        again = true
        againForced ||= force
        return round
      }
      round = (async () => {
        let forced = force
        do {
          again = false
          try {
            await sendRound(forced)
          } catch (error) {
            console.error('Sending the outbox failed', error)
          }
          forced = againForced
          againForced = false
        } while (again)
        round = null
      })()
      return round
    },

    async outboxSentElsewhere(sent) {
      const userId = signedInUser()
      landed(sent.filter(({ item }) => item.userId === userId))
      await get().loadOutbox()
    },

    async removeOutboxItem(key) {
      endUndo(key)
      const cancelled = get().outbox.find((entry) => entry.item.key === key)?.status === 'waiting'
      if (cancelled) {
        set({
          outbox: get().outbox.map((entry) =>
            entry.item.key === key ? { ...entry, status: 'cancelled' as const } : entry,
          ),
        })
        undoTimers.set(
          key,
          setTimeout(() => {
            undoTimers.delete(key)
            set({ outbox: get().outbox.filter((entry) => !(entry.item.key === key && entry.status === 'cancelled')) })
          }, UNDO_MS),
        )
      } else {
        set({ outbox: get().outbox.filter((entry) => entry.item.key !== key) })
      }
      // Without IndexedDB nothing was kept (sendOrQueue threw instead).
      if (!outboxAvailable()) return
      try {
        await deleteItem(key)
      } catch (error) {
        console.error('Removing the item from the outbox failed', error)
      }
    },

    async undoCancelOutboxItem(key) {
      const entry = get().outbox.find((shown) => shown.item.key === key)
      if (entry?.status !== 'cancelled') return
      // Stored again before it shows as waiting: a round reading the device meanwhile must find it there.
      try {
        if (outboxAvailable()) await putItem(entry.item)
      } catch (error) {
        console.error('Putting the item back in the outbox failed', error)
        return
      }
      endUndo(key)
      set({ outbox: get().outbox.map((shown) => (shown.item.key === key ? entryOf(entry.item) : shown)) })
      askForBackgroundSync()
    },

    outboxAfterLogout() {
      for (const key of [...undoTimers.keys()]) endUndo(key)
      set(initialOutboxState)
      void deleteOutbox()
    },
  }
}

function isMessage(answer: unknown): answer is ConversationMessage {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    'message_id' in answer &&
    typeof answer.message_id === 'string' &&
    'request_id' in answer &&
    typeof answer.request_id === 'number'
  )
}

declare module '#shared/store/app-state.ts' {
  interface AppState extends OutboxSlice {}
}
