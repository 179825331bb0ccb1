import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { FastifyInstance } from 'fastify'
import type { Sql } from 'postgres'
import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { readOutbox, uniquePhone, verifiedPhoneToken } from '../../accounts.ts'
import { signedInUser } from '../../signed-in.ts'

const TOO_MANY = { message: 'Too many attempts, try again later' }

/**
 * Records the text of every SQL statement the app runs through `app.sql` while `record` runs, transactions included.
 * Parameters are left out: only the work counts. The app's background jobs hold their own reference to the pool
 * (and the push worker is off), so what is recorded is the call's own work.
 */
function statementRecorder(app: FastifyInstance) {
  let recording: string[] | undefined
  const wrap = (sql: Sql): Sql =>
    new Proxy(sql, {
      apply(target, thisArg, args: unknown[]) {
        const [strings] = args
        if (Array.isArray(strings) && 'raw' in strings) recording?.push(strings.join('$').replace(/\s+/g, ' '))
        return Reflect.apply(target, thisArg, args) as unknown
      },
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver)
        if (property !== 'begin') return value
        return (...args: unknown[]) => {
          const body = args.at(-1) as (tx: Sql) => unknown
          return (value as (...a: unknown[]) => unknown).apply(target, [
            ...args.slice(0, -1),
            (tx: Sql) => body(wrap(tx)),
          ])
        }
      },
    })
  // Decorators are plain properties of the root instance: every plugin and route reads app.sql when it runs.
  ;(app as { sql: Sql }).sql = wrap(app.sql)
  return async <T>(call: () => Promise<T>): Promise<{ answer: T; statements: string[] }> => {
    const statements: string[] = []
    recording = statements
    try {
      return { answer: await call(), statements }
    } finally {
      recording = undefined
    }
  }
}

for (const purpose of ['reset', 'login'] as const) {
  t.test(`a ${purpose} code for a known and for an unknown number does the same work before it answers`, async (t) => {
    const dataDir = tempDir(t)
    const app = await buildTestApp(t, { DATA_DIR: dataDir }, { pushWorker: { worker: false } })
    const known = uniquePhone()
    await signedInUser(app, { user_name: 'Recorded', phone: known })
    const send = (phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/phone-verification/send',
        payload: { phone, purpose },
        remoteAddress: '192.0.2.60',
      })
    await send(uniquePhone()) // the first call of each statement may differ (connections, prepared statements)
    const record = statementRecorder(app)
    const forKnown = await record(() => send(known))
    const forUnknown = await record(() => send(uniquePhone()))
    t.same([forKnown.answer.statusCode, forUnknown.answer.statusCode], [202, 202])
    t.same(forUnknown.answer.body, forKnown.answer.body, 'the same answer')
    t.ok(forKnown.statements.length >= 3, `the recorder sees the statements (${forKnown.statements.length})`)
    t.same(forUnknown.statements, forKnown.statements, 'the same statements, in the same order')
    await app.phoneVerification.delivered()
    t.equal(readOutbox(dataDir).filter((m) => m.to === known && m.purpose === purpose).length, 1, 'only one SMS')
    t.equal(readOutbox(dataDir).length, 1, 'none to the unknown numbers')
  })
}

t.test('phone numbers cannot be enumerated or used to make the server hash', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, ACCOUNT_REQUESTS_PER_MINUTE: 5 })
  const known = uniquePhone()
  await signedInUser(app, { user_name: 'Enumerated', phone: known })
  const newPassword = (phone: string, idToken: string, remoteAddress: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(phone)}/newpassword`,
      payload: { newPassword: 'brand new password', idToken },
      remoteAddress,
    })

  t.test('a reset answers alike for known and unknown numbers', async (t) => {
    const send = (phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/phone-verification/send',
        payload: { phone, purpose: 'reset' },
        remoteAddress: '192.0.2.10',
      })
    const [forKnown, forUnknown] = [await send(known), await send(uniquePhone())]
    t.same([forUnknown.statusCode, forUnknown.json()], [forKnown.statusCode, forKnown.json()])

    const proof = await verifiedPhoneToken(app, dataDir, uniquePhone())
    const [knownBadProof, unknownPhone] = [
      await newPassword(known, 'not-a-proof', '192.0.2.11'),
      await newPassword(uniquePhone(), proof, '192.0.2.11'),
    ]
    t.same([knownBadProof.statusCode, knownBadProof.json()], [400, { message: 'Invalid code' }])
    t.same(
      [unknownPhone.statusCode, unknownPhone.json()],
      [400, { message: 'Invalid code' }],
      'the same for an unknown number',
    )
  })

  t.test('every answer of these endpoints counts against the address, before any lookup', async (t) => {
    // A new phone number each time, so that only the per-address limit can refuse.
    for (const [name, request] of [
      [
        'send',
        () => ({
          method: 'POST',
          url: '/api/phone-verification/send',
          payload: { phone: uniquePhone(), purpose: 'reset' },
        }),
      ],
      [
        'newpassword',
        () => ({
          method: 'PUT',
          url: `/api/user/${encodeURIComponent(uniquePhone())}/newpassword`,
          payload: { newPassword: 'xxxxxx', idToken: 'y' },
        }),
      ],
      [
        'check-phone',
        () => ({
          method: 'POST',
          url: '/api/user/check-phone',
          payload: { phone: uniquePhone(), checkType: 'exists' },
        }),
      ],
    ] as const) {
      const remoteAddress = `192.0.2.${20 + name.length}`
      const answers = await Promise.all(Array.from({ length: 8 }, () => app.inject({ ...request(), remoteAddress })))
      const refused = answers.filter((a) => a.statusCode === 429)
      t.equal(refused.length, 3, `${name}: 5 per minute, also in a parallel burst`)
      t.same(refused[0]?.json(), TOO_MANY)
      t.not(
        (await app.inject({ ...request(), remoteAddress: `192.0.2.${120 + name.length}` })).statusCode,
        429,
        `${name}: another address is not limited`,
      )
    }
  })

  t.test('user names cannot be probed through the rename route faster than check-username', async (t) => {
    const prober = await signedInUser(app, { user_name: 'Prober' })
    const remoteAddress = '192.0.2.50'
    const rename = (user_name: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/username',
        headers: { authorization: `Bearer ${prober.token}` },
        payload: { user_name },
        remoteAddress,
      })
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => rename(i % 2 ? 'Enumerated' : `Probe${i}`)))
    const refused = answers.filter((a) => a.statusCode === 429)
    t.equal(refused.length, 3, '5 per minute per address, also in a parallel burst')
    t.same(refused[0]?.json(), TOO_MANY)
  })

  t.test('the IPv6 addresses of one /64 share their limit', async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/user/check-phone',
          payload: { phone: known, checkType: 'exists' },
          remoteAddress: `2001:db8:1:2::${i + 1}`,
        }),
      ),
    )
    t.equal(answers.filter((a) => a.statusCode === 429).length, 3)
  })

  t.test('newpassword checks the proof before it hashes anything', async (t) => {
    let argon2Runs = 0
    const count = () => void (argon2Runs += 1)
    subscribe('pyoraapu:password-work', count)
    t.teardown(() => unsubscribe('pyoraapu:password-work', count))

    t.equal((await newPassword(known, 'forged.proof.token', '192.0.2.40')).statusCode, 400)
    t.equal(
      (await newPassword(uniquePhone(), await verifiedPhoneToken(app, dataDir, uniquePhone()), '192.0.2.41'))
        .statusCode,
      400,
    )
    t.equal(argon2Runs, 0, 'a bad proof or an unknown number costs no password hash')

    const proof = await verifiedPhoneToken(app, dataDir, known, 'reset')
    t.equal((await newPassword(known, proof, '192.0.2.42')).statusCode, 200)
    t.equal(argon2Runs, 1, 'a real reset hashes once (the counter works)')
  })
})
