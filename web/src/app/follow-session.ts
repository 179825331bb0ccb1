import type { StoreApi } from 'zustand'
import type { AppState } from '#shared/store/store.ts'

const FORGETTING = [
  'requestsAfterLogout',
  'messagesAfterLogout',
  'positionsAfterLogout',
  'waitingProgressAfterLogout',
  'moderationAfterLogout',
  'outboxAfterLogout',
] as const

/** What the follower reads and calls of the store. */
export type FollowedState = Pick<
  AppState,
  'status' | 'user' | 'locationAfterLogin' | 'locationAfterLogout' | 'refetchRequests' | (typeof FORGETTING)[number]
>

/** What a user's data slices do when the session ends, or when another user signs in on this device. */
function forgetTheUser(state: FollowedState): void {
  for (const forget of FORGETTING) state[forget]()
}

/**
 * The slices that hold a user's data follow the session slice, which names none of them: at a logout (or a session
 * refused at start) they drop what they hold, when another user signs in without a logout between they start
 * empty, at a login the position is reported, and a changed radius fetches what came into or went out of it (a
 * `since` answer). Started with those slices (app-slices.ts), perhaps after the session began: what already holds
 * is acted on at once.
 */
export function followSession(store: StoreApi<FollowedState>): void {
  if (store.getState().status === 'loggedIn') store.getState().locationAfterLogin()
  store.subscribe((state, previous) => {
    if (state.status === 'loggedOut' && previous.status !== 'loggedOut') {
      state.locationAfterLogout()
      forgetTheUser(state)
      return
    }
    const userChanged = previous.user !== null && state.user !== null && previous.user.user_id !== state.user.user_id
    if (userChanged) forgetTheUser(state)
    if (state.status === 'loggedIn' && previous.status !== 'loggedIn') state.locationAfterLogin()
    else if (
      state.status === 'loggedIn' &&
      !userChanged &&
      previous.user &&
      state.user?.radius !== previous.user.radius
    )
      void state.refetchRequests()
  })
}
