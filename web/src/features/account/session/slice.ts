import type { StateCreator } from 'zustand'
import { logCallFailure } from '#shared/api/errors.ts'
import { connectSession, refreshAccessToken } from '#shared/api/client.ts'
import type { SessionAnswer, User } from '#shared/api/types.ts'
import { changeLanguage, fetchCurrentUser, logout } from '../api.ts'
import type { Language } from '#shared/i18n/language.ts'
import { isAdminToken } from '#shared/api/jwt.ts'
import { checkSessionAtStart } from './start-check.ts'
import { clearStoredSession, readToken, readUser, writeToken, writeUser } from './storage.ts'
import { toStoredUser, type StoredUser } from './stored-user.ts'
import type { SessionStatus } from './status.ts'
import type { AppState } from '#shared/store/store.ts'
import { parseRefusal } from '#server/domain/moderation/refusal.ts'

export type { SessionStatus }

export interface SessionState {
  /** 'checking' only at start-up while a stored token is being checked; a visitor is never 'checking'. */
  status: SessionStatus
  token: string | null
  user: StoredUser | null
  /**
   * What the interface shows, while the server decides what it allows: the server's answer about the user (at start,
   * after each change, and live when granted or revoked), or the token's claim until the server has answered.
   */
  isAdmin: boolean
  /**
   * Why the server refused this account, when it is suspended or banned: the server's message of a refused refresh
   * or login (parseRefusal reads it), shown on the login page with how to appeal. Null otherwise.
   */
  accountRefusal: string | null
}

export interface SessionActions {
  /** The start-up check (docs/product.md#accounts); call once per page load. */
  startSession: () => Promise<void>
  /** After a login or registration: both stored, logged in. */
  signIn: (answer: SessionAnswer) => void
  /** A changed user from the server (username, radius, language, role): stored and shown. */
  updateUser: (user: User) => void
  /** POST /api/user/logout, then forgets the session here whatever the server answered. */
  logOut: () => Promise<void>
  /** Forgets the session on this device (refused refresh, deleted account). */
  endSession: () => void
  /** The server refused the account (a login or refresh answered 403 with these words); see accountRefusal. */
  accountRefused: (message: string) => void
  /** Tells the server the interface language of a logged-in user, so push texts match (errors to console). */
  syncUserLanguage: (language: Language) => Promise<void>
}

export type SessionSlice = SessionState & SessionActions

const loggedOut: Omit<SessionState, 'accountRefusal'> = { status: 'loggedOut', token: null, user: null, isAdmin: false }

/** A stored token means a check is needed; without one the visitor is known at once, with nothing to wait for. */
export function initialSessionState(): SessionState {
  const token = readToken()
  if (!token) return { ...loggedOut, accountRefusal: null }
  return { status: 'checking', token, user: readUser(), isAdmin: isAdminToken(token), accountRefusal: null }
}

/** What this device keeps of a user (their list, conversations, drafts), each registered by the app (app/store.ts). */
const deviceCopies: Array<() => void> = []
/** What must happen before a logout, while the token still works, registered by the app. */
const beforeLogOut: Array<() => Promise<void>> = []

/** Deleted at every end of a session, and when another user signs in on this device without a logout between. */
export function deleteAtSessionEnd(deleteCopy: () => void): void {
  deviceCopies.push(deleteCopy)
}

/** Run (and awaited) when the user logs out, before the server is told; a failure is logged, the logout goes on. */
export function doBeforeLogOut(task: () => Promise<void>): void {
  beforeLogOut.push(task)
}

const deleteDeviceCopies = () => {
  for (const deleteCopy of deviceCopies) deleteCopy()
}

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set, get) => {
  // Every way a session ends comes here: the logout button, a refused refresh, a 401 at start, account deletion.
  function endSession() {
    clearStoredSession()
    deleteDeviceCopies()
    // The slices that hold a user's data follow the session themselves (web/src/app/follow-session.ts).
    set(loggedOut)
  }

  connectSession({
    readToken,
    tokenRefreshed: (token) => {
      writeToken(token)
      set({ token, isAdmin: isAdminToken(token) })
    },
    sessionEnded: endSession,
    refreshRefused: (message) => get().accountRefused(message),
  })

  function updateUser(user: User) {
    const stored = toStoredUser(user)
    writeUser(stored)
    set({ user: stored, isAdmin: user.isAdmin })
  }

  /** The device's language is the user's current choice: the server's copy follows it (docs/product.md#languages). */
  function alignServerLanguage() {
    const { language, user } = get()
    if (user && user.language !== language) void get().syncUserLanguage(language)
  }

  return {
    ...initialSessionState(),

    startSession: async () => {
      try {
        const outcome = await checkSessionAtStart({
          token: readToken(),
          nowMs: Date.now(),
          refresh: refreshAccessToken,
          fetchUser: fetchCurrentUser,
        })
        if (outcome.status === 'loggedOut') return endSession()
        // The role is the server's answer (updateUser); unreachable, the token's claim stands (tokenRefreshed).
        set({ status: 'loggedIn', token: readToken() })
        if (outcome.user) updateUser(outcome.user)
      } catch (error) {
        // Not a refusal by the server (see checkSessionAtStart): keep what is stored.
        console.error('Checking the stored session failed', error)
        set({ status: get().token ? 'loggedIn' : 'loggedOut' })
      }
      if (get().status === 'loggedIn') alignServerLanguage()
    },

    signIn: ({ token, user }) => {
      writeToken(token)
      const stored = toStoredUser(user)
      // Another user on this device without a logout in between: nothing of the last one's list may stay.
      if (get().user?.user_id !== stored.user_id) deleteDeviceCopies()
      writeUser(stored)
      set({ status: 'loggedIn', token, user: stored, isAdmin: user.isAdmin, accountRefusal: null })
      alignServerLanguage()
    },

    updateUser,

    logOut: async () => {
      // E.g. this device must stop getting the user's pushes: done first, while the token still works.
      for (const task of beforeLogOut) {
        await task().catch((error: unknown) => console.error('A step before logging out failed', error))
      }
      try {
        await logout()
      } catch (error) {
        // The session ends on this device anyway; the server's copy expires on its own.
        console.error('Logging out on the server failed', error)
      }
      endSession()
    },

    endSession,

    // Only a suspension's or ban's words: a 403 may also be e.g. a refused cross-site call.
    accountRefused: (message) => {
      if (parseRefusal(message)) set({ accountRefusal: message })
    },

    syncUserLanguage: async (language) => {
      if (get().status !== 'loggedIn') return
      try {
        updateUser(await changeLanguage(language))
      } catch (error) {
        logCallFailure('Saving the language on the server failed', error)
      }
    },
  }
}

export const selectSessionStatus = (state: AppState): SessionStatus => state.status
export const selectUser = (state: AppState): StoredUser | null => state.user
export const selectIsAdmin = (state: AppState): boolean => state.isAdmin
export const selectIsLoggedIn = (state: AppState): boolean => state.status === 'loggedIn'
export const selectAccountRefusal = (state: AppState): string | null => state.accountRefusal

declare module '#shared/store/app-state.ts' {
  interface AppState extends SessionSlice {}
}
