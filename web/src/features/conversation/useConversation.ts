import { useCallback, useEffect, useMemo, useState } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import { fetchConversation, markConversationRead, type Conversation, type ConversationMessage } from './api.ts'
import { useStore } from '#shared/store/store.ts'
import { useOnline } from '#shared/hooks/useOnline.ts'
import { readCachedConversation, saveCachedConversation } from './conversations-cache.ts'
import { compareIds, mergeMessages } from './message-order.ts'

export type ConversationPhase = 'loading' | 'loaded' | 'failed'

const NO_MESSAGES: readonly ConversationMessage[] = []

/**
 * A request's conversation while its section (`section`) is shown: fetched again when the request's helper or
 * status changes (who may write changes with them), merged with what arrives live, and marked read while in view.
 * With `keepOnDevice` (an open conversation of the user's own: docs/pwa.md) what is shown is kept on the device, and
 * when the server cannot be reached that copy is shown instead (`offlineCopyAt`, when it was saved) until the
 * device is online again, when it is fetched anew.
 */
export function useConversation(
  requestId: number,
  statusKey: string,
  section: HTMLElement | null,
  keepOnDevice = false,
) {
  const [phase, setPhase] = useState<ConversationPhase>('loading')
  const [conversation, setConversation] = useState<Conversation | null>(null)
  const [offlineCopyAt, setOfflineCopyAt] = useState<number | null>(null)
  const [sent, setSent] = useState<ConversationMessage[]>([])
  const [attempt, setAttempt] = useState(0)
  const arrived = useStore((state) => state.arrivals[requestId] ?? NO_MESSAGES)
  const setOnScreen = useStore((state) => state.setConversationOnScreen)
  const userId = useStore((state) => state.user?.user_id)
  const online = useOnline()

  useEffect(() => {
    let current = true
    fetchConversation(requestId).then(
      (answer) => {
        if (!current) return
        setConversation(answer)
        setOfflineCopyAt(null)
        setPhase('loaded')
      },
      (error: unknown) => {
        if (!current) return
        // No answer at all (offline at the roadside): the copy kept on the device is better than an error.
        const kept =
          keepOnDevice && userId !== undefined && error instanceof ApiError && error.status === 0
            ? readCachedConversation(userId, requestId)
            : null
        if (kept) {
          setConversation({ messages: kept.messages, readOnly: kept.readOnly, lastReadId: kept.lastReadId })
          setOfflineCopyAt(kept.savedAt)
          setPhase('loaded')
          return
        }
        console.error('Fetching the messages failed', error)
        setPhase('failed')
      },
    )
    return () => {
      current = false
    }
  }, [requestId, statusKey, attempt, keepOnDevice, userId])

  // Back online while the offline copy shows: fetched again, the copy staying on screen meanwhile. Followed while
  // rendering (React's "adjust state on a prop change"), so only the change from offline to online fetches.
  const [wasOnline, setWasOnline] = useState(online)
  if (online !== wasOnline) {
    setWasOnline(online)
    if (online && offlineCopyAt !== null) setAttempt((n) => n + 1)
  }

  // On screen while the page is visible and some of the section is in view (not below the fold of the detail):
  // what arrives meanwhile is read, and no push is sent for it.
  useEffect(() => {
    let inView = false
    const follow = () => setOnScreen(inView && document.visibilityState === 'visible' ? requestId : null)
    const observer =
      section && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            inView = entries.some((entry) => entry.isIntersecting)
            follow()
          })
        : null
    if (observer && section) observer.observe(section)
    // A browser without IntersectionObserver: shown counts as in view.
    else inView = section !== null
    follow()
    document.addEventListener('visibilitychange', follow)
    return () => {
      observer?.disconnect()
      document.removeEventListener('visibilitychange', follow)
      setOnScreen(null)
    }
  }, [requestId, setOnScreen, section])

  const messages = useMemo(
    () => mergeMessages(conversation?.messages ?? NO_MESSAGES, [...sent, ...arrived]),
    [conversation, sent, arrived],
  )
  const newestId = messages.at(-1)?.message_id ?? null
  // The offline copy is marked read once the server answers again.
  const participant = conversation !== null && conversation.readOnly !== 'admin' && offlineCopyAt === null
  const visible = useStore((state) => state.conversationOnScreen === requestId)
  useEffect(() => {
    if (!participant || !visible || newestId === null) return
    if (conversation.lastReadId === newestId) return
    markConversationRead(requestId, newestId).catch((error: unknown) =>
      console.error('Marking the messages read failed', error),
    )
  }, [participant, visible, newestId, requestId, conversation])

  // What is shown is kept, live arrivals and own messages included (what arrives while the detail is closed is added
  // by keep-conversations-on-device.ts). What was on screen counts as read, as it does on the server.
  useEffect(() => {
    if (!keepOnDevice || userId === undefined || conversation === null || offlineCopyAt !== null) return
    saveCachedConversation(userId, requestId, {
      savedAt: Date.now(),
      messages,
      readOnly: conversation.readOnly,
      lastReadId: visible && newestId !== null ? newestId : conversation.lastReadId,
    })
  }, [keepOnDevice, userId, requestId, conversation, messages, offlineCopyAt, visible, newestId])

  const retry = useCallback(() => {
    setPhase('loading')
    setAttempt((n) => n + 1)
  }, [])
  const addSent = useCallback((message: ConversationMessage) => setSent((held) => [...held, message]), [])

  // What was unread when the conversation was fetched (the store's count is cleared once it is on screen).
  const unreadOnOpen = useMemo(() => {
    if (!conversation || conversation.readOnly === 'admin') return 0
    const marker = conversation.lastReadId
    return conversation.messages.filter(
      (m) => m.author_id !== userId && (marker === null || compareIds(m.message_id, marker) > 0),
    ).length
  }, [conversation, userId])

  return { phase, messages, readOnly: conversation?.readOnly ?? null, unreadOnOpen, retry, addSent, offlineCopyAt }
}
