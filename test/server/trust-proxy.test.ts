/**
 * TRUST_PROXY: true, false, or the proxy's own addresses. With addresses, X-Forwarded-* count only on requests
 * that come from one of them, so a client talking to the app directly cannot pick its address for the limits.
 * (test/built/caddy.test.ts checks the same through a real Caddy.)
 */
import t from 'tap'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { buildServer } from '../../server/server.ts'
import { createTestDatabase, testConfig } from '../helper.ts'

t.test('TRUST_PROXY accepts true, false and lists of addresses and CIDR ranges', async (t) => {
  t.equal(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY, true)
  t.equal(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY, false)
  t.equal(loadConfig({}).TRUST_PROXY, false)
  for (const list of ['127.0.0.1', '127.0.0.1,::1', '10.0.0.0/8, 192.168.1.7', 'fd00::/8', '::ffff:10.0.0.1']) {
    t.equal(loadConfig({ TRUST_PROXY: list }).TRUST_PROXY, list)
  }
})

t.test('a list entry that is no address or range stops the start, naming it', async (t) => {
  const cases: Array<[string, string]> = [
    ['127.0.0.256', '127.0.0.256'],
    ['127.0.0.1,', ''],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['fd00::/129', 'fd00::/129'],
    ['10.0.0.0/8/8', '10.0.0.0/8/8'],
    ['10.0.0.0/', '10.0.0.0/'],
    ['1', '1'],
  ]
  for (const [value, entry] of cases) {
    const error = t.throws(() => loadConfig({ TRUST_PROXY: value })) as ConfigError
    t.equal(error.variable, 'TRUST_PROXY', value)
    t.match(error.message, `not an address or CIDR range: ${JSON.stringify(entry)}`)
  }
  const error = t.throws(() => loadConfig({ TRUST_PROXY: 'proxy.example.org' })) as ConfigError
  t.match(error.message, /Invalid environment variable TRUST_PROXY: expected true or false, or a comma-separated list/)
})

t.test('with the proxy address, only requests from the proxy are believed', async (t) => {
  const server = buildServer(
    testConfig(t, { DATABASE_URL: await createTestDatabase(t), TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }),
  )
  // Registered before ready, like the app's own routes: what the app takes as the client and protocol.
  server.get('/seen', async (request) => ({ ip: request.ip, protocol: request.protocol }))
  t.teardown(() => server.close())
  await server.ready()
  const seen = async (remoteAddress: string) =>
    (
      await server.inject({
        url: '/seen',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.4', 'x-forwarded-proto': 'https' },
      })
    ).json<{ ip: string; protocol: string }>()

  t.same(await seen('127.0.0.1'), { ip: '198.51.100.4', protocol: 'https' }, 'from the proxy: the address it saw')
  t.same(await seen('10.1.2.3'), { ip: '198.51.100.4', protocol: 'https' }, 'from a trusted range too')
  t.same(await seen('192.0.2.50'), { ip: '192.0.2.50', protocol: 'http' }, 'from anyone else: the headers are ignored')
})
