import t from 'tap'
import { ApiError } from '../../../web/src/shared/api/errors.ts'
import type { User } from '../../../web/src/shared/api/types.ts'
import { checkSessionAtStart, type StartCheckDeps } from '../../../web/src/features/account/session/start-check.ts'

const NOW = Date.UTC(2026, 5, 1, 12)
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const tokenExpiringIn = (seconds: number) =>
  `${part({ alg: 'HS256' })}.${part({ user_id: 1, exp: NOW / 1000 + seconds })}.sig`
const VALID = tokenExpiringIn(900)
const EXPIRED = tokenExpiringIn(-60)
const USER: User = {
  user_id: 1,
  user_name: 'Ville',
  phone: '+358401234567',
  radius: 10,
  language: 'finnish',
  isAdmin: false,
  quietStart: null,
  quietEnd: null,
  hourlyCap: 6,
  availableToHelp: true,
  availableUntil: null,
  abilities: { kit: [], transport: [], firstAid: false, languages: [] },
}

/** Fake server calls that record their order. */
function fakes(overrides: Partial<StartCheckDeps> = {}) {
  const calls: string[] = []
  const refresh = overrides.refresh ?? (async () => 'new-token')
  const fetchUser = overrides.fetchUser ?? (async () => USER)
  const deps: StartCheckDeps = {
    token: 'token' in overrides ? (overrides.token ?? null) : VALID,
    nowMs: NOW,
    refresh: () => {
      calls.push('refresh')
      return refresh()
    },
    fetchUser: () => {
      calls.push('protected-route')
      return fetchUser()
    },
  }
  return { deps, calls }
}

t.test('no token: logged out, without asking the server', async (t) => {
  const { deps: d, calls } = fakes({ token: null })
  t.same(await checkSessionAtStart(d), { status: 'loggedOut' })
  t.same(calls, [])
})

t.test('a valid token: the protected-route check decides', async (t) => {
  const { deps: d, calls } = fakes()
  t.same(await checkSessionAtStart(d), { status: 'loggedIn', user: USER })
  t.same(calls, ['protected-route'])
})

t.test('a valid token the server refuses (401 after the client refresh failed): logged out', async (t) => {
  const { deps: d } = fakes({
    fetchUser: async () => {
      throw new ApiError(401, 'Unauthorized')
    },
  })
  t.same(await checkSessionAtStart(d), { status: 'loggedOut' })
})

t.test('an expired token: refreshed first, then checked', async (t) => {
  const { deps: d, calls } = fakes({ token: EXPIRED })
  t.same(await checkSessionAtStart(d), { status: 'loggedIn', user: USER })
  t.same(calls, ['refresh', 'protected-route'])
})

t.test('an expired token whose refresh is refused: logged out, no further call', async (t) => {
  const { deps: d, calls } = fakes({ token: EXPIRED, refresh: async () => null })
  t.same(await checkSessionAtStart(d), { status: 'loggedOut' })
  t.same(calls, ['refresh'])
})

t.test('an unreachable server logs nobody out: the stored user stands', async (t) => {
  const offline = async (): Promise<never> => {
    throw new ApiError(0, 'Failed to fetch')
  }
  t.same(await checkSessionAtStart(fakes({ token: EXPIRED, refresh: offline }).deps), {
    status: 'loggedIn',
    user: null,
  })
  t.same(await checkSessionAtStart(fakes({ fetchUser: offline }).deps), { status: 'loggedIn', user: null })
  const serverError = async (): Promise<never> => {
    throw new ApiError(503, 'Service Unavailable')
  }
  t.same(await checkSessionAtStart(fakes({ fetchUser: serverError }).deps), { status: 'loggedIn', user: null })
})

t.test('an unexpected failure is not hidden', async (t) => {
  const { deps: d } = fakes({
    fetchUser: async () => {
      throw new TypeError('bug')
    },
  })
  await t.rejects(checkSessionAtStart(d), TypeError)
})
