import { statSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import t from 'tap'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { JWT_SECRET_FILE } from '../../server/domain/accounts/jwt-secret.ts'
import { buildServer } from '../../server/server.ts'
import { buildTestApp, createTestDatabase, tempDir, testConfig } from '../helper.ts'
import { bearer, sentCode, uniquePhone } from '../accounts.ts'
import { craftJwt, decodeJwt } from '../jwt.ts'
import { signedInUser } from '../signed-in.ts'

const DATABASE_URL = 'postgres://app@db.example.org/pyoraapu'

t.test('production refuses what is unsafe there, naming the variable', async (t) => {
  const refused = (env: Record<string, string>, variable: string, accepts: RegExp) => {
    const error = t.throws(() => loadConfig({ NODE_ENV: 'production', ...env })) as ConfigError
    t.equal(error.variable, variable)
    t.match(error.message, accepts)
  }
  refused({ DATABASE_URL }, 'JWT_SECRET', /shared by every instance, when NODE_ENV=production and DATABASE_URL is set/)
  refused(
    { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    'FIREBASE_AUTH_EMULATOR_HOST',
    /unset when NODE_ENV=production/,
  )
  t.equal(loadConfig({ NODE_ENV: 'production', DATABASE_URL, JWT_SECRET: 'x'.repeat(32) }).NODE_ENV, 'production')
  t.equal(loadConfig({ NODE_ENV: 'production' }).JWT_SECRET, undefined, 'embedded production may generate its secret')
  t.equal(loadConfig({ DATABASE_URL }).NODE_ENV, 'development', 'development is the default, and allows both')
  t.equal(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).FIREBASE_AUTH_EMULATOR_HOST, '127.0.0.1:9099')
  t.throws(() => loadConfig({ NODE_ENV: 'prod' }), /NODE_ENV: expected development, production or test/)
})

t.test('a generated signing secret lives in DATA_DIR with mode 0600, never in the database', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir })
  const file = join(dataDir, JWT_SECRET_FILE)
  t.equal(statSync(file).mode & 0o777, 0o600)
  const secret = readFileSync(file, 'utf8').trim()
  t.ok(secret.length >= 32)
  const [inDatabase] =
    await app.sql`select 1 from app_settings where value::text like ${'%' + secret + '%'} or key = 'jwt_secret'`
  t.notOk(inDatabase, 'no copy in the database')

  const user = await signedInUser(app, { user_name: 'Signed' })
  const forged = craftJwt({ ...decodeJwt<Record<string, unknown>>(user.token) }, { secret })
  t.equal(
    (await app.inject({ url: '/api/user/protected-route', headers: bearer(forged) })).statusCode,
    200,
    'it is the secret in use',
  )
  await app.close()

  const again = await buildTestApp(t, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir })
  t.equal(
    (await again.inject({ url: '/api/user/protected-route', headers: bearer(user.token) })).statusCode,
    200,
    'kept across restarts',
  )
})

t.test('a secret an older version kept in the database moves to the file, sessions intact', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const legacy = 'legacy-secret-from-the-database-0123456789'
  const first = await buildTestApp(t, { DATABASE_URL: databaseUrl })
  await first.sql`insert into app_settings (key, value) values ('jwt_secret', ${first.sql.json(legacy)})`
  await first.close()

  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir })
  t.equal(readFileSync(join(dataDir, JWT_SECRET_FILE), 'utf8').trim(), legacy)
  t.same(await app.sql`select key from app_settings where key = 'jwt_secret'`, [], 'removed from the database')
})

t.test('a broken secret file stops the start instead of being replaced', async (t) => {
  const dataDir = tempDir(t)
  writeFileSync(join(dataDir, JWT_SECRET_FILE), 'short\n')
  const app = buildServer(testConfig(t, { DATABASE_URL: await createTestDatabase(t), DATA_DIR: dataDir }))
  t.teardown(() => app.close())
  await t.rejects(async () => {
    await app.ready()
  }, /no usable secret/)
})

t.test('verification codes are never logged; production warns about the outbox', async (t) => {
  const logs = new PassThrough()
  let output = ''
  logs.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const dataDir = tempDir(t)
  const config = testConfig(t, {
    DATABASE_URL: await createTestDatabase(t),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
  })
  const app = buildServer(config, { logStream: logs })
  t.teardown(() => app.close())
  await app.ready()
  t.match(output, /SMS_TRANSPORT=outbox in production/)
  t.match(output, /PUBLIC_URL is unset in production/, 'and about notifications that would open this machine')

  const phone = uniquePhone()
  const sent = await app.inject({
    method: 'POST',
    url: '/api/phone-verification/send',
    payload: { phone, purpose: 'register' },
  })
  t.equal(sent.statusCode, 202)
  const code = await sentCode(app, dataDir, phone)
  t.match(output, /verification code written to the SMS outbox/, 'the send is logged')
  t.notMatch(output, new RegExp(`\\b${code}\\b`), 'but not its code')
})

t.test('the sample services are seeded once, and not at all with SAMPLE_SERVICES=false', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const first = await buildTestApp(t, { DATABASE_URL: databaseUrl })
  const count = async (app: typeof first) => (await app.inject({ url: '/api/services' })).json<unknown[]>().length
  t.ok((await count(first)) > 0, 'a new installation has the samples')
  await first.sql`delete from services`
  await first.close()
  const second = await buildTestApp(t, { DATABASE_URL: databaseUrl })
  t.equal(await count(second), 0, 'deleted by an admin, they stay deleted after a restart')

  const none = await buildTestApp(t, { SAMPLE_SERVICES: false })
  t.equal(await count(none), 0, 'SAMPLE_SERVICES=false loads none')
})
