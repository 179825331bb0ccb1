import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { precompressFolder } from '../../scripts/precompress.ts'
import { buildServer } from '../../server/server.ts'
import { contentSecurityPolicy } from '../../server/plugins/security-headers.ts'
import { tileUrlWithKey } from '../../server/routes/config.ts'
import { loadConfig } from '../../server/config.ts'
import { buildTestApp, createTestDatabase, tempDir, testConfig } from '../helper.ts'

/** A stand-in for `vite build` output, so these tests do not depend on the real web build. */
function fakeWebBuild(t: Parameters<typeof tempDir>[0]): string {
  const dir = tempDir(t)
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>')
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`)
  writeFileSync(join(dir, 'service-worker.js'), 'self.addEventListener("push", () => {})')
  writeFileSync(join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

/** The real app plus two routes that only tests have: one that crashes, one that echoes a JSON body. */
async function buildApp(t: Parameters<typeof tempDir>[0]) {
  const logs = new PassThrough()
  const lines: string[] = []
  logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
  const config = testConfig(t, {
    DATABASE_URL: await createTestDatabase(t),
    WEB_DIST_DIR: fakeWebBuild(t),
    LOG_LEVEL: 'error',
  })
  const app = buildServer(config, { logStream: logs })
  app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail: password=hunter2')
  })
  app.post('/api/test/echo', async (request) => request.body)
  t.teardown(() => app.close())
  await app.ready()
  return { app, lines }
}

t.test('errors are JSON with the right status', async (t) => {
  const { app, lines } = await buildApp(t)

  const unknownApi = await app.inject({ url: '/api/no/such/thing' })
  t.equal(unknownApi.statusCode, 404)
  t.same(unknownApi.json(), { message: 'Not found' })

  const unknownApiPost = await app.inject({ method: 'POST', url: '/api/nothing', payload: {} })
  t.equal(unknownApiPost.statusCode, 404)
  t.same(unknownApiPost.json(), { message: 'Not found' })

  const malformed = await app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': 'application/json' },
    payload: '{"broken": ',
  })
  t.equal(malformed.statusCode, 400)
  t.same(malformed.json(), { message: 'Bad request' })

  const wellFormed = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { ok: 1 } })
  t.same(wellFormed.json(), { ok: 1 }, 'a well-formed body goes through')

  const crash = await app.inject({ url: '/api/test/crash' })
  t.equal(crash.statusCode, 500)
  t.same(crash.json(), { message: 'Something went wrong, try again later' })
  t.notMatch(crash.body, /hunter2|secret|stack/, 'no internals reach the client')
  const requestId = crash.headers['x-request-id']
  t.ok(requestId, 'the answer carries the request id')
  const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } })
  t.ok(
    logged.some((entry) => entry.reqId === requestId && entry.err?.message?.includes('secret internal detail')),
    'the 500 is logged with its request id and the real error',
  )
})

t.test("the router's own refusals answer in the API's shape and never echo the path", async (t) => {
  const { app } = await buildApp(t)
  const marker = 'echo-me-not'
  const calls: [string, number, string][] = [
    [`/api/requests/${marker}${'x'.repeat(120)}`, 414, 'A part of the path is too long'],
    [`/api/shared/${marker}${'a'.repeat(150)}`, 414, 'A part of the path is too long'],
    [`/api/requests/${marker}%zz`, 400, 'Bad request'],
  ]
  for (const [url, status, message] of calls) {
    const answer = await app.inject({ url })
    t.equal(answer.statusCode, status, url.slice(0, 40))
    t.same(answer.json(), { message }, 'our error shape')
    t.notMatch(answer.body, marker, 'the path is not echoed')
    t.ok(answer.headers['x-request-id'], 'the request id, as on every error answer')
    t.ok(answer.headers['content-security-policy'], 'and the security headers')
  }
})

t.test('client routes get the SPA, files get their cache policy', async (t) => {
  const { app } = await buildApp(t)

  // A share link's page (docs/requests.md, "Share links"): its token is base64url, never a dot.
  const shareLinkPage = '/s/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCD'
  for (const path of ['/', '/login', '/register', '/info', '/some/deep/client/route', shareLinkPage]) {
    const res = await app.inject({ url: path, headers: { accept: 'text/html' } })
    t.equal(res.statusCode, 200, `${path} answers`)
    t.match(res.body, /<div id="root">/, `${path} is the SPA shell`)
    t.equal(res.headers['cache-control'], 'no-cache', `${path} is revalidated`)
  }

  const asset = await app.inject({ url: '/assets/index-abc123.js' })
  t.equal(asset.statusCode, 200)
  t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable')

  const worker = await app.inject({ url: '/service-worker.js' })
  t.equal(worker.statusCode, 200)
  t.equal(worker.headers['cache-control'], 'no-cache')

  const missingFile = await app.inject({ url: '/assets/index-old999.js' })
  t.equal(missingFile.statusCode, 404, 'a missing file is a 404, not the SPA')
  t.same(missingFile.json(), { message: 'Not found' })
})

t.test('responses are compressed when the client accepts it', async (t) => {
  const { app } = await buildApp(t)
  const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } })
  t.equal(br.headers['content-encoding'], 'br')
  t.ok(br.rawPayload.length < 1000, 'the 5 KB asset shrinks')
  const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
  t.equal(gzip.headers['content-encoding'], 'gzip')
  const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } })
  t.equal(plain.headers['content-encoding'], undefined)
})

t.test('precompressed files are sent as built, not compressed again', async (t) => {
  const webDir = fakeWebBuild(t)
  const original = readFileSync(join(webDir, 'assets', 'index-abc123.js'))
  const result = await precompressFolder(webDir)
  t.equal(result.files, 1, 'only the asset is big enough to be worth it')
  const config = testConfig(t, { DATABASE_URL: await createTestDatabase(t), WEB_DIST_DIR: webDir, LOG_LEVEL: 'error' })
  const app = buildServer(config)
  t.teardown(() => app.close())
  await app.ready()

  for (const encoding of ['br', 'gzip'] as const) {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': encoding } })
    t.equal(res.headers['content-encoding'], encoding)
    const file = readFileSync(join(webDir, 'assets', `index-abc123.js.${encoding === 'br' ? 'br' : 'gz'}`))
    t.same(res.rawPayload, file, `${encoding}: the file written at build time, byte for byte`)
    const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)
    t.same(decoded, original, `${encoding}: decodes to the asset`)
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', 'its cache policy stays')
    t.match(String(res.headers.vary), /accept-encoding/i, 'caches keep the encodings apart')
  }
  const brotliCopy = readFileSync(join(webDir, 'assets', 'index-abc123.js.br'))
  t.ok(brotliCopy.length < 100, `quality 11 brotli: 5 KB of one letter became ${brotliCopy.length} bytes`)
  const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } })
  t.equal(plain.headers['content-encoding'], undefined)
  t.same(plain.rawPayload, original)
  const shell = await app.inject({ url: '/some/client/route', headers: { 'accept-encoding': 'br' } })
  t.match(shell.body, /<div id="root">/, 'a client route still gets the (small, uncompressed) shell')
})

t.test('security headers are on pages and API answers', async (t) => {
  const { app } = await buildApp(t)
  for (const url of ['/', '/login', '/assets/index-abc123.js', '/api/no/such/thing', '/api/config']) {
    const res = await app.inject({ url })
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${url} nosniff`)
    t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${url} referrer policy`)
    t.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, `${url} frame-ancestors`)
    t.match(
      String(res.headers['content-security-policy']),
      /img-src 'self' data: blob:;/,
      `${url}: images from our files and code-built data:/blob: URLs only (the basemap is our own)`,
    )
  }
  const api = await app.inject({ url: '/api/no/such/thing' })
  t.equal(api.headers['cache-control'], 'no-store', 'API answers are not cached')
  t.equal((await app.inject({ url: '/api/config' })).headers['cache-control'], 'no-store')
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/nothing',
    headers: { 'content-type': 'application/json' },
    payload: '{"broken": ',
  })
  t.equal(malformed.statusCode, 400, 'an error answer for an unknown path')
  t.equal(malformed.headers['x-content-type-options'], 'nosniff', 'carries them too')

  // Probes answer a load balancer, not a browser: their answers stay small (docs/architecture.md, "HTTP behaviour").
  for (const url of ['/healthz', '/readyz']) {
    const probe = await app.inject({ url })
    t.equal(probe.statusCode, 200, url)
    t.notOk(probe.headers['content-security-policy'], `${url} carries no CSP`)
  }
})

t.test('a tile API key goes into the URL template the SPA gets', async (t) => {
  t.equal(
    tileUrlWithKey({ TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png?key={key}', TILE_API_KEY: 'a b' }),
    'https://tiles.example.com/{z}/{x}/{y}.png?key=a%20b',
  )
  t.equal(
    tileUrlWithKey({ TILE_URL: 'https://t.example.com/{z}/{x}/{y}.png', TILE_API_KEY: undefined }),
    'https://t.example.com/{z}/{x}/{y}.png',
  )
})

t.test('the CSP follows the configured tile host', async (t) => {
  const csp = contentSecurityPolicy('https://{a-c}.tiles.example.com:8443/v1/{z}/{x}/{y}.png?key=k')
  t.match(csp, /img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.com:8443;/)
  t.match(csp, /connect-src 'self' https:\/\/\*\.tiles\.example\.com:8443;/)
  t.match(
    contentSecurityPolicy('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /img-src [^;]* https:\/\/tile\.openstreetmap\.org;/,
  )
  t.match(csp, /script-src 'self'(;|$)/, 'scripts only from our origin')
  t.match(csp, /frame-src 'none'/, 'no frames without Firebase')

  const firebase = contentSecurityPolicy('https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'demo.firebaseapp.com')
  t.match(
    firebase,
    /script-src 'self' https:\/\/www\.google\.com https:\/\/www\.gstatic\.com/,
    'reCAPTCHA scripts in Firebase mode',
  )
  t.match(
    firebase,
    /frame-src https:\/\/www\.google\.com https:\/\/recaptcha\.google\.com https:\/\/demo\.firebaseapp\.com/,
  )
  t.match(firebase, /connect-src 'self' https:\/\/tile\.openstreetmap\.org https:\/\/identitytoolkit\.googleapis\.com/)
})

t.test('images load only from the tiles and the configured logo origins, never from any https host', async (t) => {
  const noScheme = (csp: string) =>
    csp.split('; ').filter((directive) => directive.split(' ').some((source) => /^(https?:|\*)$/.test(source)))
  const tiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
  t.same(noScheme(contentSecurityPolicy(tiles)), [], 'no directive allows a whole scheme')
  t.same(noScheme(contentSecurityPolicy(tiles, 'demo.firebaseapp.com')), [], 'in Firebase mode neither')
  const withLogos = contentSecurityPolicy(tiles, undefined, ['https://logos.example.fi', 'https://*.cdn.example.org'])
  t.match(
    withLogos,
    /img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org https:\/\/logos\.example\.fi https:\/\/\*\.cdn\.example\.org;/,
  )

  const app = await buildTestApp(t, {
    SERVICE_LOGO_ORIGINS: 'https://Logos.example.fi, https://*.cdn.example.org:8443',
  })
  t.match(
    String((await app.inject({ url: '/api/config' })).headers['content-security-policy']),
    /img-src 'self' data: blob: https:\/\/logos\.example\.fi https:\/\/\*\.cdn\.example\.org:8443;/,
    'SERVICE_LOGO_ORIGINS, lower case, and no tile host: the basemap is our own',
  )
  for (const bad of [
    'https:',
    'https://logos.example.fi/path',
    'logos.example.fi',
    "https://a.fi 'unsafe-inline'",
    '*',
  ])
    t.throws(
      () => loadConfig({ SERVICE_LOGO_ORIGINS: bad }),
      { name: 'ConfigError', variable: 'SERVICE_LOGO_ORIGINS' },
      bad,
    )
})

t.test('/api/config names the support address, the phone reach limits and the moderation record days', async (t) => {
  const app = await buildTestApp(t, {
    SUPPORT_EMAIL: 'apu@example.org',
    PHONE_REACH_KM: 25,
    PHONE_REVEALS_PER_DAY: 12,
    MODERATION_RECORD_DAYS: 90,
  })
  const response = await app.inject({ url: '/api/config' })
  t.equal(response.statusCode, 200)
  t.equal(response.json<{ supportEmail: string }>().supportEmail, 'apu@example.org')
  t.same(response.json<{ phoneReach: unknown }>().phoneReach, { km: 25, perDay: 12 }, 'for the privacy statement')
  t.equal(response.json<{ moderationRecordDays: number }>().moderationRecordDays, 90, 'and its kept records')
})
