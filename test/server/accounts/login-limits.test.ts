import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer, clientAddress } from '../../accounts.ts'
import { accountSpacingSeconds, LOGIN_POLICY } from '../../../server/domain/limits/login-throttle.ts'
import { signedInUser } from '../../signed-in.ts'

const TOO_MANY = { message: 'Too many attempts, try again later' }

t.test('the account slows down progressively and never locks', async (t) => {
  t.same(
    [0, 9, 10, 11, 12, 15, 16, 40].map(accountSpacingSeconds),
    [0, 0, 1, 2, 4, 32, 60, 60],
    'free up to 10 failures, then 1, 2, 4 ... seconds between attempts, at most a minute',
  )
  // ASVS 4.0.3 V2.2.1: no more than 100 failed attempts per hour on one account. In the steady state of a
  // distributed attack each 15-minute window holds F failures spaced accountSpacingSeconds(F) apart.
  const steadyState = [...Array(200).keys()].find(
    (f) => (LOGIN_POLICY.windowMinutes * 60) / accountSpacingSeconds(f) <= f,
  )!
  t.ok(steadyState * (60 / LOGIN_POLICY.windowMinutes) <= 100, `about ${steadyState * 4} guesses per hour at most`)
})

/** How many attempts beyond the free ones the account's spacing admits within `seconds`. */
function spacedAttemptsWithin(seconds: number): number {
  let extra = 0
  let elapsed = accountSpacingSeconds(LOGIN_POLICY.accountFreeFailures)
  while (elapsed <= seconds) {
    extra++
    elapsed += accountSpacingSeconds(LOGIN_POLICY.accountFreeFailures + extra)
  }
  return extra
}

t.test('login limits under parallel requests', async (t) => {
  const dataDir = tempDir(t)
  // The per-address request limit of account endpoints is another mechanism: out of the way here.
  const app = await buildTestApp(t, { DATA_DIR: dataDir, ACCOUNT_REQUESTS_PER_MINUTE: 100_000 })
  const login = (identifier: string, password: string, remoteAddress = clientAddress()) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { identifier, password }, remoteAddress })
  const statuses = (answers: Array<{ statusCode: number }>) => {
    const counts: Record<number, number> = {}
    for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1
    return counts
  }
  /** The account's delay passes without a wait: its stored attempts are made that much older. */
  const age = (accountKey: string, seconds: number) =>
    app.sql`update login_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds}) where account_key = ${accountKey}`

  t.test('20 parallel guesses from one address: exactly 10 are checked', async (t) => {
    const user = await signedInUser(app, { user_name: 'Burst' })
    const address = '198.51.100.1'
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('Burst', 'wrong-guess', address)))
    t.same(statuses(answers), { 401: 10, 429: 10 })
    const refused = answers.find((a) => a.statusCode === 429)!
    t.same(refused.json(), TOO_MANY)
    t.ok(Number(refused.headers['retry-after']) > 0, 'with a Retry-After')
    const [recorded] = await app.sql<{ count: number }[]>`
      select count(*)::int from login_attempts where account_key = ${'user:' + user.user.user_id}`
    t.equal(recorded!.count, 10, 'only the checked ones are recorded')
    t.equal(
      (await login('Burst', user.password, address)).statusCode,
      429,
      'that address waits, even with the password',
    )
  })

  t.test(
    '100 parallel guesses from 100 addresses, the last one right: 10 checked, more only as the spacing allows',
    async (t) => {
      const user = await signedInUser(app, { user_name: 'Distributed' })
      // The clock starts before the first call is made: the spacing counts from the first checked attempt.
      const started = Date.now()
      const attempts = Array.from({ length: 100 }, (_, i) =>
        login('Distributed', i === 99 ? user.password : `guess-${i}`),
      )
      const answers = await Promise.all(attempts)
      const counts = statuses(answers)
      // After the 10 free failures the account admits one attempt per spacing interval: a burst that a loaded machine
      // stretches over more than a second may rightly have one more checked; none beyond what the spacing allows. The
      // right password may be checked among the first ten (the calls reach the account's lock in any order); a
      // success takes its own attempt off the record, so the failures still get their ten.
      const allowedExtra = spacedAttemptsWithin((Date.now() - started) / 1000)
      const failures = counts[401] ?? 0
      t.ok(
        failures >= 10 && failures <= 10 + allowedExtra,
        `10 failures checked, +${allowedExtra} allowed by the spacing (${JSON.stringify(counts)})`,
      )
      t.equal(counts[429], 100 - failures - (counts[200] ?? 0), 'the others are told to wait')
      t.notOk(
        answers.slice(0, 99).some((a) => a.statusCode === 200),
        'no wrong password ever passed',
      )

      // Not a lockout: the owner, from a new address, gets in once the short delay has passed. The newest failure is
      // made a moment old, as on a fast machine, so the delay is still running whatever the burst took here.
      await app.sql`
      update login_attempts set attempted_at = now()
      where id = (select max(id) from login_attempts where account_key = ${'user:' + user.user.user_id})`
      const slowed = await login('Distributed', user.password)
      t.equal(slowed.statusCode, 429)
      const retryAfter = Number(slowed.headers['retry-after'])
      t.ok(
        retryAfter >= 1 && retryAfter <= accountSpacingSeconds(failures),
        `a delay of ${retryAfter} s, not 15 minutes`,
      )
      await age('user:' + user.user.user_id, retryAfter)
      t.equal((await login('Distributed', user.password)).statusCode, 200, 'the owner is in')
    },
  )

  t.test('the delay grows with each further failure, and the window forgets', async (t) => {
    const user = await signedInUser(app, { user_name: 'Slowed' })
    const accountKey = `user:${user.user.user_id}`
    const backdate = (seconds: number) =>
      app.sql`update login_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds}) where account_key = ${accountKey}`
    for (let i = 0; i < 10; i++) t.equal((await login('Slowed', 'wrong')).statusCode, 401)
    for (const spacing of [1, 2, 4, 8]) {
      const early = await login('Slowed', 'wrong')
      t.equal(early.statusCode, 429, `too early after ${spacing - 1}`)
      t.equal(Number(early.headers['retry-after']), spacing)
      await backdate(spacing)
      t.equal((await login('Slowed', 'wrong')).statusCode, 401, `checked after ${spacing} s`)
    }
    await backdate(LOGIN_POLICY.windowMinutes * 60)
    t.equal((await login('Slowed', user.password)).statusCode, 200, 'after the window the account is fresh')
  })

  t.test('IPv6 addresses of one /64 count as one address', async (t) => {
    await signedInUser(app, { user_name: 'Rotated' })
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login('Rotated', 'wrong', `2001:db8:5:6::${i + 1}`)),
    )
    t.same(statuses(answers), { 401: 10, 429: 5 })
  })

  t.test('a right password forgives that address its typos on the account', async (t) => {
    const user = await signedInUser(app, { user_name: 'Typist' })
    const address = '198.51.100.2'
    for (let i = 0; i < 9; i++) t.equal((await login('Typist', 'typo', address)).statusCode, 401)
    t.equal((await login('Typist', user.password, address)).statusCode, 200)
    const [left] = await app.sql<{ count: number }[]>`select count(*)::int from login_attempts where ip = ${address}`
    t.equal(left!.count, 0)
  })

  t.test('one address guessing many accounts is stopped (credential stuffing)', async (t) => {
    const address = '198.51.100.3'
    const user = await signedInUser(app, { user_name: 'Bystander' })
    const guesses = await Promise.all(
      Array.from({ length: LOGIN_POLICY.perAddress + 20 }, (_, i) => login(`nobody${i}`, 'guess', address)),
    )
    t.same(statuses(guesses), { 401: LOGIN_POLICY.perAddress, 429: 20 })
    t.equal((await login('Bystander', user.password, address)).statusCode, 429, 'that address waits')
    t.equal((await login('Bystander', user.password)).statusCode, 200, 'from elsewhere the account works')
  })

  /** The account's attack has gone on for a while: 16 failures in the window, so untrusted logins wait a minute. */
  const slowDown = async (userId: number) => {
    await app.sql`
      insert into login_attempts (account_key, ip, attempted_at)
      select ${'user:' + userId}, '203.0.113.' || i, now() from generate_series(1, 16) as i`
    t.equal(accountSpacingSeconds(16), LOGIN_POLICY.maxSpacingSeconds)
  }
  const loginWith = (identifier: string, password: string, cookies: Record<string, string>, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/user/login', payload: { identifier, password }, cookies, remoteAddress })
  /** The cookies a browser keeps from a login answer. */
  const cookiesOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    Object.fromEntries(response.cookies.map((c) => [c.name, c.value]))

  t.test("device cookies: a burst from 40 addresses does not keep the owner's own browser out", async (t) => {
    const user = await signedInUser(app, { user_name: 'Owner' })
    const userId = user.user.user_id
    const home = '198.51.100.20'
    const earlier = await login('Owner', user.password, home)
    t.equal(earlier.statusCode, 200, 'the owner signed in on this browser before')
    t.match(
      earlier.cookies.find((c) => c.name === `device_${userId}`),
      {
        path: '/api/user/login',
        httpOnly: true,
        sameSite: 'Strict',
      },
    )
    const browser = cookiesOf(earlier)

    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login('Owner', `guess-${i}`)))
    t.notOk(
      burst.some((a) => a.statusCode === 200),
      'no guess got in',
    )
    t.ok(
      burst.some((a) => a.statusCode === 429),
      'the account slowed the attack down',
    )
    await slowDown(userId)
    t.equal((await login('Owner', user.password, home)).statusCode, 429, 'a browser without the cookie must wait')

    const owner = await loginWith('Owner', user.password, browser, home)
    t.equal(owner.statusCode, 200, "the owner's browser is in at once")
    t.notOk(owner.headers['retry-after'])
    const rotated = cookiesOf(owner)
    t.not(rotated[`device_${userId}`], browser[`device_${userId}`], 'the device cookie is rotated on use')
    t.equal(
      (await loginWith('Owner', user.password, browser, home)).statusCode,
      429,
      'the old device cookie is worth nothing after the rotation',
    )
    t.equal((await loginWith('Owner', user.password, rotated, '198.51.100.21')).statusCode, 200, 'the new one works')
  })

  t.test('a device cookie has its own small budget, then counts as absent', async (t) => {
    const user = await signedInUser(app, { user_name: 'Stolen' })
    const userId = user.user.user_id
    const browser = cookiesOf(await login('Stolen', user.password))
    await slowDown(userId)
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => loginWith('Stolen', `guess-${i}`, browser, `198.51.100.${30 + i}`)),
    )
    t.same(statuses(guesses), { 401: 5, 429: 3 }, 'five checked as the device, then the account limits apply')
    t.equal(
      (await loginWith('Stolen', user.password, browser, '198.51.100.40')).statusCode,
      429,
      'for the rest of the window, even with the password',
    )
    await app.sql`
      update login_attempts set attempted_at = attempted_at - make_interval(mins => ${LOGIN_POLICY.windowMinutes})
      where device_id is not null`
    await slowDown(userId)
    t.equal((await loginWith('Stolen', user.password, browser, '198.51.100.40')).statusCode, 200, 'trusted again')
  })

  t.test('a forged, foreign or forgotten device cookie is not trusted', async (t) => {
    const user = await signedInUser(app, { user_name: 'Forgetful2' })
    const other = await signedInUser(app, { user_name: 'Neighbour' })
    const userId = user.user.user_id
    const browser = cookiesOf(await login('Forgetful2', user.password))
    const neighbours = cookiesOf(await login('Neighbour', other.password))
    await slowDown(userId)
    const name = `device_${userId}`
    const [nonce] = browser[name]!.split('.')
    for (const [what, value] of [
      ['an unsigned nonce', nonce!],
      ['a made-up signature', `${nonce}.AAAA`],
      ["another account's cookie", neighbours[`device_${other.user.user_id}`]!],
    ] as const) {
      t.equal((await loginWith('Forgetful2', user.password, { [name]: value }, clientAddress())).statusCode, 429, what)
    }
    // The attack is over (its failures aged out): the owner changes the password.
    await app.sql`delete from login_attempts where account_key = ${'user:' + userId}`
    const change = await app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(user.token),
      payload: { oldPassword: user.password, newPassword: 'a new password' },
      remoteAddress: '198.51.100.50',
    })
    t.equal(change.statusCode, 200)
    const [left] = await app.sql<{ count: number }[]>`
      select count(*)::int from device_cookies where user_id = ${userId}`
    t.equal(left!.count, 0, 'a password change forgets the devices of the account')
    await app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(other.token) })
    const [gone] = await app.sql<{ count: number }[]>`
      select count(*)::int from device_cookies where user_id = ${other.user.user_id}`
    t.equal(gone!.count, 0, 'and account deletion takes them along')
  })

  t.test('the password change shares the budget of its account', async (t) => {
    const user = await signedInUser(app, { user_name: 'Changer' })
    const change = (oldPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: bearer(user.token),
        payload: { oldPassword, newPassword: 'new password' },
        remoteAddress: '198.51.100.4',
      })
    const answers = await Promise.all(Array.from({ length: 15 }, () => change('wrong')))
    t.same(statuses(answers), { 400: 10, 429: 5 })
  })
})
