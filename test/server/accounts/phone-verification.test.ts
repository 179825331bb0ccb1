import { createServer } from 'node:http'
import { Writable } from 'node:stream'
import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { clientAddress, readOutbox, registerUser, sentCode, uniquePhone } from '../../accounts.ts'

const send = (phone: string, purpose: 'register' | 'reset', remoteAddress = clientAddress(), language = 'en') => ({
  method: 'POST' as const,
  url: '/api/phone-verification/send',
  payload: { phone, purpose },
  headers: { 'accept-language': language },
  remoteAddress,
})
const verify = (phone: string, code: string) => ({
  method: 'POST' as const,
  url: '/api/phone-verification/verify',
  payload: { phone, code },
  remoteAddress: clientAddress(),
})

t.test('local phone verification', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })

  t.test("a code goes to the outbox in the asker's language and stays hashed in the database", async (t) => {
    const response = await app.inject(send('040 111 2233', 'register', clientAddress(), 'fi-FI,fi;q=0.9'))
    t.equal(response.statusCode, 202)
    t.same(response.json(), { resendAfter: 30 })
    await app.phoneVerification.delivered()
    const message = readOutbox(dataDir).at(-1)!
    t.match(message, { to: '+358401112233', purpose: 'register' })
    t.match(message.code, /^\d{6}$/)
    t.match(message.text, new RegExp(`vahvistuskoodisi on ${message.code}`))
    t.ok(!Number.isNaN(Date.parse(message.at)), 'with a timestamp')
    const [row] = await app.sql<
      { code_hash: string }[]
    >`select code_hash from phone_codes where phone = '+358401112233'`
    t.not(row!.code_hash, message.code, 'the code is stored only as a keyed hash')
    t.notMatch(row!.code_hash, message.code)

    const ok = await app.inject(verify('+358 40 111 2233', message.code))
    t.equal(ok.statusCode, 200, 'the phone may be written another way')
    t.type(ok.json<{ idToken: unknown }>().idToken, 'string')
    const again = await app.inject(verify('+358401112233', message.code))
    t.same(again.json(), { message: 'Invalid code' }, 'a code is single use')
  })

  t.test('a wrong code is refused; the fifth wrong code voids the real one', async (t) => {
    const phone = uniquePhone()
    await app.inject(send(phone, 'register'))
    const code = await sentCode(app, dataDir, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await app.inject(verify(phone, wrong))
    t.equal(first.statusCode, 400)
    t.same(first.json(), { message: 'Invalid code' })
    t.same((await app.inject(verify(phone, 'abc'))).json(), { message: 'Invalid code' }, 'a malformed code too')
    for (let i = 0; i < 4; i++) await app.inject(verify(phone, wrong))
    const late = await app.inject(verify(phone, code))
    t.same(late.json(), { message: 'Invalid code' }, 'the right code no longer works after 5 wrong ones')
  })

  t.test('four wrong codes leave the real one usable', async (t) => {
    const phone = uniquePhone()
    await app.inject(send(phone, 'register'))
    const code = await sentCode(app, dataDir, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) await app.inject(verify(phone, wrong))
    t.equal((await app.inject(verify(phone, code))).statusCode, 200)
  })

  t.test('a code expires after 10 minutes', async (t) => {
    const phone = uniquePhone()
    await app.inject(send(phone, 'register'))
    const code = await sentCode(app, dataDir, phone)
    const [row] = await app.sql<{ minutes: number }[]>`
      select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from phone_codes where phone = ${phone}`
    t.equal(row!.minutes, 10)
    await app.sql`update phone_codes set expires_at = now() - interval '1 second' where phone = ${phone}`
    t.same((await app.inject(verify(phone, code))).json(), { message: 'Invalid code' })
  })

  t.test('a new send replaces the earlier code', async (t) => {
    const phone = uniquePhone()
    await app.inject(send(phone, 'register'))
    const firstCode = await sentCode(app, dataDir, phone)
    await app.inject(send(phone, 'register'))
    const secondCode = await sentCode(app, dataDir, phone)
    if (firstCode !== secondCode)
      t.same((await app.inject(verify(phone, firstCode))).json(), { message: 'Invalid code' })
    t.equal((await app.inject(verify(phone, secondCode))).statusCode, 200)
  })

  t.test('register needs a new phone; reset answers alike for any number and texts only a known one', async (t) => {
    const known = uniquePhone()
    await registerUser(app, dataDir, { user_name: 'Known', phone: known })
    t.same((await app.inject(send(known, 'register'))).json(), { message: 'Phonenumber already exists' })
    const stranger = uniquePhone()
    const unknown = await app.inject(send(stranger, 'reset'))
    const knownReset = await app.inject(send(known, 'reset'))
    t.equal(unknown.statusCode, 202)
    t.same([unknown.statusCode, unknown.body], [knownReset.statusCode, knownReset.body], 'the same answer')
    await app.phoneVerification.delivered()
    t.equal(readOutbox(dataDir).filter((m) => m.to === stranger).length, 0, 'no SMS to a number without an account')
    t.equal(
      readOutbox(dataDir).filter((m) => m.to === known && m.purpose === 'reset').length,
      1,
      'the account holder got one',
    )
    t.same((await app.inject(send('12', 'register'))).json(), { message: 'Invalid phonenumber' })
  })

  t.test('at most 3 codes per phone per 10 minutes', async (t) => {
    const phone = uniquePhone()
    for (let i = 0; i < 3; i++) t.equal((await app.inject(send(phone, 'register'))).statusCode, 202)
    const fourth = await app.inject(send(phone, 'register'))
    t.equal(fourth.statusCode, 429)
    t.same(fourth.json(), { message: 'Too many attempts, try again later' })
    await app.sql`update sms_sends set sent_at = now() - interval '11 minutes' where phone = ${phone}`
    t.equal((await app.inject(send(phone, 'register'))).statusCode, 202, 'allowed again after the window')
  })

  t.test('parallel sends to one phone cannot pass its limit', async (t) => {
    const phone = uniquePhone()
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.inject(send(phone, 'register'))))
    t.equal(answers.filter((a) => a.statusCode === 202).length, 3)
    t.equal(answers.filter((a) => a.statusCode === 429).length, 5)
  })
})

t.test('per-address and daily limits', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, SMS_PER_IP_PER_HOUR: 2, SMS_DAILY_CAP: 3 })
  const address = '203.0.113.7'
  t.equal((await app.inject(send(uniquePhone(), 'register', address))).statusCode, 202)
  t.equal((await app.inject(send(uniquePhone(), 'register', address))).statusCode, 202)
  t.equal(
    (await app.inject(send(uniquePhone(), 'register', address))).statusCode,
    429,
    'the address is over its hourly limit',
  )
  t.equal((await app.inject(send(uniquePhone(), 'register'))).statusCode, 202, 'another address is not')
  const overCap = await app.inject(send(uniquePhone(), 'register'))
  t.equal(overCap.statusCode, 429, 'the daily cap holds for everyone')
  t.same(overCap.json(), { message: 'Too many attempts, try again later' })
})

t.test('parallel sends cannot pass the per-address limit or the daily cap', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, {
    DATA_DIR: dataDir,
    SMS_PER_IP_PER_HOUR: 10,
    SMS_DAILY_CAP: 5,
    ACCOUNT_REQUESTS_PER_MINUTE: 1000,
  })
  const address = '203.0.113.8'
  const fromMany = await Promise.all(Array.from({ length: 20 }, () => app.inject(send(uniquePhone(), 'register'))))
  t.equal(
    fromMany.filter((a) => a.statusCode === 202).length,
    5,
    '20 parallel sends from 20 addresses: the daily cap of 5 holds',
  )

  const other = await buildTestApp(t, {
    DATA_DIR: tempDir(t),
    SMS_PER_IP_PER_HOUR: 10,
    SMS_DAILY_CAP: 1000,
    ACCOUNT_REQUESTS_PER_MINUTE: 1000,
  })
  const burst = await Promise.all(
    Array.from({ length: 25 }, () => other.inject(send(uniquePhone(), 'register', address))),
  )
  t.equal(
    burst.filter((a) => a.statusCode === 202).length,
    10,
    '25 parallel sends from one address: exactly its 10 per hour',
  )
  t.equal(burst.filter((a) => a.statusCode === 429).length, 15)
  const [sent] = await other.sql<{ count: number }[]>`select count(*)::int from sms_sends`
  t.equal(sent!.count, 10, 'and exactly 10 recorded')
})

t.test('the http transport posts to the SMS gateway, after the answer', async (t) => {
  const received: Array<{ body: { to: string; text: string }; authorization: string | undefined }> = []
  let status = 200
  /** While set, the gateway holds each request open until the test lets it go. */
  let hold: Promise<void> | undefined
  const gateway = createServer((request, response) => {
    let data = ''
    request.on('data', (chunk: Buffer) => (data += chunk.toString()))
    request.on('end', () => {
      received.push({
        body: JSON.parse(data) as { to: string; text: string },
        authorization: request.headers.authorization,
      })
      void (hold ?? Promise.resolve()).then(() => response.writeHead(status).end())
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => gateway.close(() => resolve())))
  const { port } = gateway.address() as { port: number }

  const dataDir = tempDir(t)
  const logs: string[] = []
  const app = await buildTestApp(
    t,
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SMS_TRANSPORT: 'http',
      SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`,
      SMS_GATEWAY_TOKEN: 'gateway-secret',
    },
    {
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk))
          done()
        },
      }),
    },
  )
  const phone = uniquePhone()
  t.equal((await app.inject(send(phone, 'register', clientAddress(), 'sv-FI'))).statusCode, 202)
  await app.phoneVerification.delivered()
  t.equal(received.length, 1)
  t.equal(received[0]!.body.to, phone)
  t.match(received[0]!.body.text, /^Cykelhjälpen: din verifieringskod är \d{6}\./)
  t.equal(received[0]!.authorization, 'Bearer gateway-secret')
  t.same(readOutbox(dataDir), [], 'nothing went to the outbox')

  // The gateway answers only after the test has the server's answer: a server that waited for it would never answer.
  let release!: () => void
  hold = new Promise((resolve) => (release = resolve))
  const held = await app.inject(send(uniquePhone(), 'register'))
  t.equal(held.statusCode, 202, 'answered while the SMS gateway still holds the message')
  release()
  await app.phoneVerification.delivered()
  t.equal(received.length, 2, 'and the message went out after the answer')
  hold = undefined

  status = 500
  const failing = uniquePhone()
  const failed = await app.inject(send(failing, 'register'))
  t.equal(failed.statusCode, 202, 'a failing gateway does not change the answer')
  await app.phoneVerification.delivered()
  t.ok(
    logs.some((line) => line.includes('SMS delivery failed')),
    'it is logged',
  )
  t.notOk(
    logs.some((line) => line.includes(failing)),
    'without the whole number',
  )
})
