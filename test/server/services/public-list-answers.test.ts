import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { contentSecurityPolicy, fixedSecurityHeaders, HSTS } from '../../../server/plugins/security-headers.ts'
import { buildTestApp } from '../../helper.ts'

const TOKEN = 'metrics-token-for-the-test-0123456789'

/**
 * GET /api/services is answered as the app's files are, without the security-headers hook, from headers built once
 * per version of the list (server/routes/services.ts): each of its answers must still carry what the hook gave them,
 * and be counted.
 */
t.test('GET /api/services: every answer carries the security headers and is counted', async (t) => {
  // TRUST_PROXY: X-Forwarded-Proto tells an https request, which gets Strict-Transport-Security.
  const app = await buildTestApp(t, { METRICS_TOKEN: TOKEN, TRUST_PROXY: true })
  const security = fixedSecurityHeaders(contentSecurityPolicy(undefined))
  const counted = async (status: number) => {
    const scrape = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    const series = `http_requests_total{method="GET",route="/api/services",status_code="${status}"} `
    const line = scrape.body.split('\n').find((sample) => sample.startsWith(series))
    return line === undefined ? 0 : Number(line.slice(series.length))
  }

  const identity = await app.inject({ url: '/api/services' })
  t.equal(identity.statusCode, 200)
  const services = identity.json<unknown[]>()
  t.ok(services.length >= 40, 'the sample services: a body worth compressing')
  t.notOk(identity.headers['content-encoding'], 'no Accept-Encoding: the JSON as it is')
  t.match(identity.headers['content-type'], /^application\/json; charset=utf-8$/)

  const br = await app.inject({ url: '/api/services', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
  const gzip = await app.inject({ url: '/api/services', headers: { 'accept-encoding': 'gzip' } })
  t.equal(br.headers['content-encoding'], 'br')
  t.same(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), services)
  t.equal(gzip.headers['content-encoding'], 'gzip')
  t.same(JSON.parse(gunzipSync(gzip.rawPayload).toString()), services)
  const etags = new Set([identity, br, gzip].map((answer) => answer.headers.etag))
  t.equal(etags.size, 3, 'an ETag of its own for each coding')

  const before = { ok: await counted(200), notModified: await counted(304) }
  const notModified = await app.inject({
    url: '/api/services',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': String(br.headers.etag) },
  })
  t.equal(notModified.statusCode, 304)
  t.equal(notModified.body, '')
  t.equal(notModified.headers.etag, br.headers.etag)
  const head = await app.inject({ method: 'HEAD', url: '/api/services', headers: { 'accept-encoding': 'br' } })
  t.equal(head.statusCode, 200)
  t.equal(head.body, '', 'HEAD: no body')
  t.equal(head.headers['content-encoding'], 'br')
  const overHttps = await app.inject({ url: '/api/services', headers: { 'x-forwarded-proto': 'https' } })
  t.equal(overHttps.headers['strict-transport-security'], HSTS, 'over https: HSTS')
  t.notOk(br.headers['strict-transport-security'], 'over http: none')

  for (const [name, answer] of Object.entries({ identity, br, gzip, notModified, head, overHttps })) {
    for (const [header, value] of Object.entries(security)) t.equal(answer.headers[header], value, `${name}: ${header}`)
    t.match(answer.headers['x-request-id'], /^[0-9a-f-]{36}$/, `${name}: its request id`)
    t.equal(answer.headers['cache-control'], 'public, max-age=60, must-revalidate', `${name}: its own cache policy`)
    t.equal(answer.headers.vary, 'accept-encoding', `${name}: Vary`)
  }
  t.not(br.headers['x-request-id'], gzip.headers['x-request-id'], 'an id per request')

  const after = { ok: await counted(200), notModified: await counted(304) }
  t.equal(after.notModified - before.notModified, 1, 'the 304 counted')
  t.equal(after.ok - before.ok, 1, 'the https GET counted (HEAD has its own series)')
})
