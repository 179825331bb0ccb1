import { useCallback, useEffect, useMemo, useState } from 'react'
import { fetchConversation, markConversationRead, type Conversation, type ConversationMessage } from './api.ts'
import { useStore } from '../../app/store.ts'
import { compareIds, mergeMessages } from './message-order.ts'

export type ConversationPhase = 'loading' | 'loaded' | 'failed'

const NO_MESSAGES: readonly ConversationMessage[] = []

/**
 * A request's conversation while its section (`section`) is shown: fetched again when the request's helper or
 * status changes (who may write changes with them), merged with what arrives live, and marked read while in view.
 */
export function useConversation(requestId: number, statusKey: string, section: HTMLElement | null) {
  const [phase, setPhase] = useState<ConversationPhase>('loading')
  const [conversation, setConversation] = useState<Conversation | null>(null)
  const [sent, setSent] = useState<ConversationMessage[]>([])
  const [attempt, setAttempt] = useState(0)
  const arrived = useStore((state) => state.arrivals[requestId] ?? NO_MESSAGES)
  const setOnScreen = useStore((state) => state.setConversationOnScreen)

  useEffect(() => {
    let current = true
    fetchConversation(requestId).then(
      (answer) => {
        if (!current) return
        setConversation(answer)
        setPhase('loaded')
      },
      (error: unknown) => {
        if (!current) return
        console.error('Fetching the messages failed', error)
        setPhase('failed')
      },
    )
    return () => {
      current = false
    }
  }, [requestId, statusKey, attempt])

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
  const participant = conversation !== null && conversation.readOnly !== 'admin'
  const visible = useStore((state) => state.conversationOnScreen === requestId)
  useEffect(() => {
    if (!participant || !visible || newestId === null) return
    if (conversation.lastReadId === newestId) return
    markConversationRead(requestId, newestId).catch((error: unknown) =>
      console.error('Marking the messages read failed', error),
    )
  }, [participant, visible, newestId, requestId, conversation])

  const retry = useCallback(() => {
    setPhase('loading')
    setAttempt((n) => n + 1)
  }, [])
  const addSent = useCallback((message: ConversationMessage) => setSent((held) => [...held, message]), [])

  // What was unread when the conversation was fetched (the store's count is cleared once it is on screen).
  const userId = useStore((state) => state.user?.user_id)
  const unreadOnOpen = useMemo(() => {
    if (!conversation || conversation.readOnly === 'admin') return 0
    const marker = conversation.lastReadId
    return conversation.messages.filter(
      (m) => m.author_id !== userId && (marker === null || compareIds(m.message_id, marker) > 0),
    ).length
  }, [conversation, userId])

  return { phase, messages, readOnly: conversation?.readOnly ?? null, unreadOnOpen, retry, addSent }
}
