import { useCallback, useEffect, useRef, useState } from 'react'
import { logCallFailure } from '#shared/api/errors.ts'
import { fetchUsers, type AdminUser } from './api.ts'

/** Typing pauses this long before the list is asked for: one call per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300

export type ListStatus = 'loading' | 'ready' | 'failed'

export interface UserList {
  /** The rows of the latest answer; while a new search loads, the previous rows stay (status loading). */
  users: AdminUser[]
  total: number
  status: ListStatus
  /** A further page is on its way ("Show more"). */
  loadingMore: boolean
  /** Loading a further page failed; the rows already shown stay. */
  moreFailed: boolean
  retry: () => void
  showMore: () => void
  /** A row changed by an action (the role): the server's answer replaces it in place. */
  replace: (user: AdminUser) => void
}

/** What was loaded, and for which search and attempt: the status is derived by comparing with the current one. */
interface Loaded {
  key: string
  users: AdminUser[]
  total: number
  failed: boolean
}

interface More {
  key: string
  loading: boolean
  failed: boolean
}

/**
 * The users matching `search`, a page at a time. A new search waits for a pause in typing, and only the answer to
 * the latest call is shown: an answer that arrives late for an older search is dropped.
 */
export function useUserList(search: string): UserList {
  const term = search.trim()
  const [attempt, setAttempt] = useState(0)
  const key = `${attempt}:${term}`
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [more, setMore] = useState<More | null>(null)
  const latestKey = useRef(key)
  const lastTerm = useRef<string | null>(null)

  useEffect(() => {
    latestKey.current = key
    // Only typing waits for a pause; the first load and a retry go at once.
    const typed = lastTerm.current !== null && lastTerm.current !== term
    lastTerm.current = term
    const timer = setTimeout(
      () => {
        fetchUsers(term, 0).then(
          (page) => {
            if (latestKey.current === key) setLoaded({ key, users: page.users, total: page.total, failed: false })
          },
          (error: unknown) => {
            if (latestKey.current !== key) return
            logCallFailure('Loading the users failed', error)
            setLoaded({ key, users: [], total: 0, failed: true })
          },
        )
      },
      typed ? SEARCH_DEBOUNCE_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [key, term])

  const current = loaded?.key === key ? loaded : null
  const status: ListStatus = !current ? 'loading' : current.failed ? 'failed' : 'ready'
  const currentMore = more?.key === key ? more : null

  const showMore = useCallback(() => {
    if (!loaded || loaded.key !== key) return
    setMore({ key, loading: true, failed: false })
    fetchUsers(term, loaded.users.length).then(
      (page) => {
        if (latestKey.current !== key) return
        setLoaded((previous) => {
          if (previous?.key !== key) return previous
          // A user who registered meanwhile shifts the pages by one: never show a row twice.
          const shown = new Set(previous.users.map((user) => user.user_id))
          const added = page.users.filter((user) => !shown.has(user.user_id))
          return { ...previous, users: [...previous.users, ...added], total: page.total }
        })
        setMore({ key, loading: false, failed: false })
      },
      (error: unknown) => {
        if (latestKey.current !== key) return
        logCallFailure('Loading more users failed', error)
        setMore({ key, loading: false, failed: true })
      },
    )
  }, [key, term, loaded])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const replace = useCallback(
    (changed: AdminUser) =>
      setLoaded(
        (previous) =>
          previous && {
            ...previous,
            users: previous.users.map((user) => (user.user_id === changed.user_id ? changed : user)),
          },
      ),
    [],
  )

  return {
    users: loaded && !loaded.failed ? loaded.users : [],
    total: current?.total ?? 0,
    status,
    loadingMore: currentMore?.loading ?? false,
    moreFailed: currentMore?.failed ?? false,
    retry,
    showMore,
    replace,
  }
}
