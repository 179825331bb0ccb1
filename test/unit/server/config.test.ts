import t from 'tap'
import { ConfigError, ConfigSchema, loadConfig, publicOrigin } from '../../../server/config.ts'

t.test('defaults give a working embedded setup', async (t) => {
  const config = loadConfig({})
  t.equal(config.HOST, '0.0.0.0')
  t.equal(config.PORT, 3000)
  t.equal(config.DATA_DIR, './data')
  t.equal(config.DATABASE_URL, undefined, 'no DATABASE_URL means embedded PostgreSQL')
  t.equal(config.DATABASE_CONNECT_TIMEOUT, 30)
  t.equal(config.TRUST_PROXY, false)
  t.equal(config.SUPPORT_EMAIL, 'support@pyoraapu.fi')
})

t.test('strings from the environment are converted to their types', async (t) => {
  const config = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', DATABASE_POOL_MAX: ' 4 ', LOG_LEVEL: 'warn' })
  t.equal(config.PORT, 8080)
  t.equal(config.TRUST_PROXY, true)
  t.equal(config.DATABASE_POOL_MAX, 4)
  t.equal(config.LOG_LEVEL, 'warn')
})

t.test('an empty value counts as unset', async (t) => {
  t.equal(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL, undefined)
  t.equal(loadConfig({ PORT: '  ' }).PORT, 3000)
})

t.test('a bad value is refused naming the variable and what it accepts', async (t) => {
  const cases: Array<[Record<string, string>, string, RegExp]> = [
    [{ PORT: 'abc' }, 'PORT', /an integer from 0 to 65535/],
    [{ PORT: '70000' }, 'PORT', /an integer from 0 to 65535/],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', /postgres:\/\//],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /fatal, error, warn/],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY', /true or false/],
    [{ DATABASE_CONNECT_TIMEOUT: '0' }, 'DATABASE_CONNECT_TIMEOUT', /from 1 to 600/],
    [{ TILE_URL: 'tiles' }, 'TILE_URL', /http\(s\) URL template/],
    [{ SUPPORT_EMAIL: 'support at example.com' }, 'SUPPORT_EMAIL', /an e-mail address/],
    [{ SUPPORT_EMAIL: 'a b@example.com' }, 'SUPPORT_EMAIL', /an e-mail address/],
    [{ PUBLIC_URL: 'pyoraapu.fi' }, 'PUBLIC_URL', /an http\(s\) origin/],
    [{ PUBLIC_URL: 'https://pyoraapu.fi/app' }, 'PUBLIC_URL', /an http\(s\) origin/],
    [{ PUBLIC_URL: 'https://a%zz' }, 'PUBLIC_URL', /an http\(s\) origin/],
  ]
  for (const [env, variable, accepts] of cases) {
    const error = t.throws(() => loadConfig(env)) as unknown
    t.ok(error instanceof ConfigError, `${variable} gives a ConfigError`)
    const configError = error as ConfigError
    t.equal(configError.variable, variable)
    t.match(configError.message, new RegExp(`^Invalid environment variable ${variable}: expected `))
    t.match(configError.message, accepts)
    t.match(configError.message, JSON.stringify(Object.values(env)[0]), 'the refused value is quoted')
  }
})

t.test('every variable has a description and an accepts text', async (t) => {
  for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
    const { description, accepts } = schema as { description?: string; accepts?: string }
    t.ok(description && description.length > 10, `${name} has a description`)
    t.ok(accepts && accepts.length > 3, `${name} says what it accepts`)
  }
})

t.test('variables that depend on each other are checked together', async (t) => {
  t.throws(
    () => loadConfig({ SMS_TRANSPORT: 'http' }),
    /SMS_GATEWAY_URL: expected an http\(s\) URL when SMS_TRANSPORT=http/,
  )
  t.equal(loadConfig({ SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'https://sms.example.org/send' }).SMS_TRANSPORT, 'http')
  t.throws(() => loadConfig({ PHONE_VERIFICATION: 'firebase' }), /FIREBASE_PROJECT_ID/)
  t.throws(
    () => loadConfig({ PHONE_VERIFICATION: 'firebase', FIREBASE_PROJECT_ID: 'p', FIREBASE_WEB_CONFIG: '{"apiKey": 1' }),
    /FIREBASE_WEB_CONFIG: expected a JSON object with apiKey, authDomain, projectId and appId/,
  )
  t.throws(
    () =>
      loadConfig({ PHONE_VERIFICATION: 'firebase', FIREBASE_PROJECT_ID: 'p', FIREBASE_WEB_CONFIG: '{"apiKey": "k"}' }),
    /FIREBASE_WEB_CONFIG/,
  )
  const web = JSON.stringify({ apiKey: 'k', authDomain: 'd', projectId: 'p', appId: 'a' })
  t.equal(
    loadConfig({ PHONE_VERIFICATION: 'firebase', FIREBASE_PROJECT_ID: 'p', FIREBASE_WEB_CONFIG: web })
      .PHONE_VERIFICATION,
    'firebase',
  )
  t.throws(() => loadConfig({ JWT_SECRET: 'short' }), /JWT_SECRET: expected a random string of at least 32 characters/)
})

t.test('the public origin: PUBLIC_URL without its slash, else this machine', async (t) => {
  t.equal(publicOrigin(loadConfig({ PUBLIC_URL: 'https://pyoraapu.fi/' })), 'https://pyoraapu.fi')
  t.equal(publicOrigin(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' })), 'http://10.0.0.5:8080')
  t.equal(publicOrigin(loadConfig({ PORT: '3001' })), 'http://localhost:3001')
})
