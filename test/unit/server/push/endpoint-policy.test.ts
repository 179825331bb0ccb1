import t from 'tap'
import type { LookupAddress } from 'node:dns'
import { ConfigError, loadConfig } from '../../../../server/config.ts'
import { nonPublicKind } from '../../../../server/push/addresses.ts'
import { matchAllowlist, parseAllowlist } from '../../../../server/push/allowlist.ts'
import { EndpointPolicy } from '../../../../server/push/endpoint-policy.ts'
import { guardedLookup, PushEndpointRefused, type Resolve } from '../../../../server/push/guarded-agent.ts'

t.test('addresses: only public unicast ones pass', async (t) => {
  const table: Array<[string, string | null]> = [
    ['8.8.8.8', null],
    ['142.250.74.42', null],
    ['172.32.0.1', null],
    ['100.128.0.1', null],
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2607:f8b0:4004:800::200a', null],
    ['2a00:1450:4001:82b::200a', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::808:808', null],
    ['2002:808:808::1', null],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['not an address', null],
  ]
  for (const [address, kind] of table) t.equal(nonPublicKind(address), kind, `${address}: ${kind ?? 'public'}`)
})

t.test('PUSH_ENDPOINT_HOSTS: the default names the real push services; bad entries stop the boot', async (t) => {
  const entries = parseAllowlist(loadConfig({}).PUSH_ENDPOINT_HOSTS)
  t.same(entries, [
    { kind: 'name', name: 'fcm.googleapis.com' },
    { kind: 'name', name: 'updates.push.services.mozilla.com' },
    { kind: 'wildcard', suffix: 'push.apple.com' },
    { kind: 'wildcard', suffix: 'notify.windows.com' },
  ])
  t.same(parseAllowlist(' Push.Example.com , 127.0.0.1:8443,[::1]:8443,[0:0::1]:9443'), [
    { kind: 'name', name: 'push.example.com' },
    { kind: 'address', host: '127.0.0.1', port: 8443 },
    { kind: 'address', host: '[::1]', port: 8443 },
    { kind: 'address', host: '[::1]', port: 9443 },
  ])
  for (const bad of [
    ',',
    'https://fcm.googleapis.com',
    '*.com',
    '*.*.example.com',
    '127.0.0.1',
    '[::1]',
    '::1',
    '127.0.0.1:0',
    '127.0.0.1:70000',
    '300.1.1.1:443',
    'push example.com',
    'push.example.com:443',
    '-push.example.com',
  ]) {
    const error = t.throws(() => loadConfig({ PUSH_ENDPOINT_HOSTS: bad }), `${bad} is refused`) as unknown
    t.ok(
      error instanceof ConfigError && error.variable === 'PUSH_ENDPOINT_HOSTS',
      `${bad}: a ConfigError naming the variable`,
    )
    t.match((error as Error).message, /comma-separated list of host names/)
  }
})

t.test('allowlist matching: names and wildcards on 443 only, addresses only with their exact port', async (t) => {
  const entries = parseAllowlist('fcm.googleapis.com,*.notify.windows.com,127.0.0.1:8443,[::1]:8443')
  const table: Array<[string, number, string | null]> = [
    ['fcm.googleapis.com', 443, 'name'],
    ['FCM.googleapis.com', 443, 'name'],
    ['fcm.googleapis.com', 8443, null],
    ['evil-fcm.googleapis.com', 443, null],
    ['fcm.googleapis.com.evil.com', 443, null],
    ['wns2-db5p.notify.windows.com', 443, 'name'],
    ['a.b.notify.windows.com', 443, 'name'],
    ['notify.windows.com', 443, null],
    ['evilnotify.windows.com', 443, null],
    ['127.0.0.1', 8443, 'address'],
    ['127.0.0.1', 443, null],
    ['127.0.0.2', 8443, null],
    ['::1', 8443, 'address'],
    ['[::1]', 8443, 'address'],
    ['[0:0:0:0:0:0:0:1]', 8443, 'address'],
    ['::1', 443, null],
  ]
  for (const [host, port, match] of table) t.equal(matchAllowlist(entries, host, port), match, `${host}:${port}`)
})

/** A resolver from a table: what DNS would say, without a network. */
const fakeDns =
  (answers: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = answers[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

t.test('the subscribe-time check', async (t) => {
  const policy = new EndpointPolicy('fcm.googleapis.com,*.push.apple.com,push.example.com,127.0.0.1:8443', {
    resolve: fakeDns({
      'fcm.googleapis.com': ['142.250.74.42', '2a00:1450:4001:82b::200a'],
      'web.push.apple.com': ['17.188.128.1'],
      'push.example.com': ['93.184.216.34', '10.0.0.7'],
    }),
  })
  const table: Array<[string, RegExp | null]> = [
    ['https://fcm.googleapis.com/fcm/send/abc:APA91b', null],
    ['https://fcm.googleapis.com:443/fcm/send/abc', null],
    ['https://web.push.apple.com/QGx', null],
    ['https://127.0.0.1:8443/push/1', null],
    // Not resolvable now: accepted, since the connection is checked again (see the send-time tests).
    ['https://other.push.apple.com/x', null],
    ['http://fcm.googleapis.com/fcm/send/abc', /not https/],
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc', /credentials/],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', /not an allowed push service/],
    ['https://example.com/push', /not an allowed push service/],
    ['https://127.0.0.1/push/1', /not an allowed push service/],
    ['https://127.0.0.1:9443/push/1', /not an allowed push service/],
    ['https://10.0.0.1:8443/push/1', /not an allowed push service/],
    ['https://[::1]:8443/push/1', /not an allowed push service/],
    ['https://push.example.com/x', /resolves to 10\.0\.0\.7, a private address/],
    ['not a url', /not a URL/],
  ]
  for (const [endpoint, refused] of table) {
    const reason = await policy.subscribeRefusal(endpoint)
    if (refused) t.match(reason, refused, `${endpoint} is refused`)
    else t.equal(reason, null, `${endpoint} is accepted`)
  }
})

t.test('the lookup sockets use refuses a name with a non-public address, in both callback forms', async (t) => {
  const lookup = guardedLookup(
    fakeDns({ 'rebound.example.com': ['8.8.8.8', '127.0.0.1'], 'good.example.com': ['8.8.4.4'] }),
  )
  const call = (hostname: string, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      lookup(hostname, { all }, (error, address) => resolve({ error, address })),
    )
  for (const all of [true, false]) {
    const refused = await call('rebound.example.com', all)
    t.ok(refused.error instanceof PushEndpointRefused, `all=${all}: refused`)
    t.match(refused.error?.message, /resolves to 127\.0\.0\.1, a loopback address/)
    t.equal((await call('good.example.com', all)).error, null, `all=${all}: a public name passes`)
  }
  t.same((await call('good.example.com', true)).address, [{ address: '8.8.4.4', family: 4 }])
  t.equal((await call('good.example.com', false)).address, '8.8.4.4')
  t.match((await call('nowhere.example.com', true)).error, { code: 'ENOTFOUND' }, 'DNS errors pass through')
})
