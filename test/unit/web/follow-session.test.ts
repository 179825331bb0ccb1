import t from 'tap'
import { create } from 'zustand'
import { followSession, type FollowedState } from '../../../web/src/app/follow-session.ts'

type Status = FollowedState['status']
const user = (user_id: number, radius = 5) => ({ user_id, radius }) as NonNullable<FollowedState['user']>

/** A store with the session's fields and every call the follower makes, recorded by name in order. */
function followedStore(status: Status, who: FollowedState['user']) {
  const calls: string[] = []
  const record = (name: string) => () => void calls.push(name)
  const store = create<FollowedState>()(() => ({
    status,
    user: who,
    locationAfterLogin: record('locationAfterLogin'),
    locationAfterLogout: record('locationAfterLogout'),
    refetchRequests: async () => void calls.push('refetchRequests'),
    requestsAfterLogout: record('requests'),
    messagesAfterLogout: record('messages'),
    positionsAfterLogout: record('positions'),
    waitingProgressAfterLogout: record('waitingProgress'),
    moderationAfterLogout: record('moderation'),
    outboxAfterLogout: record('outbox'),
  }))
  followSession(store)
  return { store, calls }
}

const FORGOTTEN = ['requests', 'messages', 'positions', 'waitingProgress', 'moderation', 'outbox']

t.test('started after a login, the position is reported at once; a logout forgets everything', async (t) => {
  const { store, calls } = followedStore('loggedIn', user(1))
  t.same(calls, ['locationAfterLogin'])
  calls.length = 0
  store.setState({ status: 'loggedOut', user: null })
  t.same(calls, ['locationAfterLogout', ...FORGOTTEN])
})

t.test('a stored session refused at start is a logout; one confirmed is a login', async (t) => {
  const refused = followedStore('checking', user(1))
  t.same(refused.calls, [], 'nothing while the session is checked')
  refused.store.setState({ status: 'loggedOut', user: null })
  t.same(refused.calls, ['locationAfterLogout', ...FORGOTTEN])

  const confirmed = followedStore('checking', user(1))
  confirmed.store.setState({ status: 'loggedIn' })
  t.same(confirmed.calls, ['locationAfterLogin'])
})

t.test('another user signing in without a logout starts from nothing', async (t) => {
  const { store, calls } = followedStore('loggedIn', user(1))
  calls.length = 0
  store.setState({ user: user(2) })
  t.same(calls, FORGOTTEN, 'no refetch for a radius: the new user is fetched from scratch')
  calls.length = 0
  store.setState({ user: user(2) })
  t.same(calls, [], 'the same user again (the server confirmed it): nothing')
})

t.test('a changed radius fetches the list again, only while logged in', async (t) => {
  const { store, calls } = followedStore('loggedIn', user(1, 5))
  calls.length = 0
  store.setState({ user: user(1, 10) })
  t.same(calls, ['refetchRequests'])
  calls.length = 0
  store.setState({ status: 'checking' })
  store.setState({ user: user(1, 20) })
  t.same(calls, [], 'not while the session is being checked')
})
