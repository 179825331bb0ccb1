import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { precompressFolder } from '../../../scripts/precompress.ts'
import { acceptedCodings } from '../../../server/http/representation.ts'
import { buildTestApp, tempDir } from '../../helper.ts'

const ENTRY = '/assets/index-abc123.js'
const SCRIPT = `console.log(${JSON.stringify('pyöräapu '.repeat(600))})`
const SHELL = `<!doctype html><title>shell</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`

/** A stand-in for `npm run build`: index.html, a fingerprinted chunk and a manifest, with the build's .br and .gz. */
async function builtApp(t: Parameters<typeof tempDir>[0]): Promise<{ dist: string; outside: string }> {
  const parent = tempDir(t)
  const dist = join(parent, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), SHELL)
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT)
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Pyöräapu"}')
  writeFileSync(join(dist, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  await precompressFolder(dist)
  // Beside the built folder, not in it: never answered, whatever the path says.
  const outside = join(parent, 'secret.txt')
  writeFileSync(outside, 'not for the web')
  return { dist, outside }
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers })

t.test('Accept-Encoding: brotli before gzip, q-values and q=0 respected', async (t) => {
  t.same(acceptedCodings(undefined), [])
  t.same(acceptedCodings(''), [])
  t.same(acceptedCodings('gzip, deflate, br, zstd'), ['br', 'gzip'], "a browser's: brotli first")
  t.same(acceptedCodings('gzip'), ['gzip'])
  t.same(acceptedCodings('br;q=0, gzip'), ['gzip'], 'q=0 refuses')
  t.same(acceptedCodings('gzip;q=1, br;q=0.5'), ['gzip', 'br'], 'the client ranks')
  t.same(acceptedCodings('*'), ['br', 'gzip'], 'any coding')
  t.same(acceptedCodings('*;q=0, identity'), [])
  t.same(acceptedCodings('identity'), [])
  t.same(acceptedCodings('GZIP ; Q=0.8'), ['gzip'], 'names and parameters in any case')
})

t.test("the app's files are answered from memory", async (t) => {
  const { dist, outside } = await builtApp(t)
  const script = readFileSync(join(dist, 'assets', 'index-abc123.js'))
  const copies = {
    br: readFileSync(join(dist, 'assets', 'index-abc123.js.br')),
    gzip: readFileSync(join(dist, 'assets', 'index-abc123.js.gz')),
  }
  const app = await buildTestApp(t, { WEB_DIST_DIR: dist })
  // Every file is read at start: the folder can go, the answers stay (no file-system call per request).
  rmSync(dist, { recursive: true, force: true })

  t.test('content negotiation: the build’s own brotli and gzip bytes, or the file as is', async (t) => {
    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const answer = await get(app, ENTRY, accept === undefined ? {} : { 'accept-encoding': accept })
      t.equal(answer.statusCode, 200, `${accept}: 200`)
      t.equal(answer.headers['content-encoding'], coding, `${accept}: ${coding ?? 'identity'}`)
      t.same(answer.rawPayload, coding ? copies[coding] : script, `${accept}: the bytes of that copy`)
      t.equal(Number(answer.headers['content-length']), answer.rawPayload.length)
      t.equal(answer.headers.vary, 'accept-encoding', 'caches keep the copies apart')
      t.equal(answer.headers['content-type'], 'text/javascript; charset=utf-8')
      t.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable')
      t.equal(answer.headers['x-content-type-options'], 'nosniff', 'the security headers')
      t.match(String(answer.headers['content-security-policy']), /frame-ancestors 'none'/)
      t.ok(answer.headers['x-request-id'], 'and the request id')
    }
    const br = await get(app, ENTRY, { 'accept-encoding': 'br' })
    t.same(brotliDecompressSync(br.rawPayload), script, 'brotli decodes to the file')
    const gzip = await get(app, ENTRY, { 'accept-encoding': 'gzip' })
    t.same(gunzipSync(gzip.rawPayload), script, 'gzip decodes to the file')

    const icon = await get(app, '/icon.png', { 'accept-encoding': 'br, gzip' })
    t.equal(icon.headers['content-type'], 'image/png')
    t.notOk(icon.headers['content-encoding'], 'an image goes as it is')
    t.notOk(icon.headers.vary, 'one copy: nothing to vary on')
    t.equal(icon.headers['cache-control'], 'public, max-age=3600')
    const manifest = await get(app, '/manifest.webmanifest')
    t.equal(manifest.headers['content-type'], 'application/manifest+json; charset=utf-8')
    t.equal(manifest.headers['cache-control'], 'no-cache')
  })

  t.test('ETags: one per copy; If-None-Match naming a current copy is a 304', async (t) => {
    const tags = new Set<string>()
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await get(app, ENTRY, { 'accept-encoding': accept })
      const etag = String(first.headers.etag)
      t.match(etag, /^"[\w-]+"$/, `${accept}: a strong ETag`)
      tags.add(etag)
      const again = await get(app, ENTRY, { 'accept-encoding': accept, 'if-none-match': etag })
      t.equal(again.statusCode, 304, `${accept}: not modified`)
      t.equal(again.rawPayload.length, 0, 'no body')
      t.equal(again.headers.etag, etag)
      t.equal(again.headers['cache-control'], 'public, max-age=31536000, immutable', 'its cache policy')
      t.equal(again.headers.vary, 'accept-encoding')
      const weak = await get(app, ENTRY, { 'accept-encoding': accept, 'if-none-match': `"old", W/${etag}` })
      t.equal(weak.statusCode, 304, `${accept}: a list, and the weak form, match too`)
    }
    t.equal(tags.size, 3, 'each coding its own ETag')
    const stale = await get(app, ENTRY, { 'accept-encoding': 'br', 'if-none-match': '"something-older"' })
    t.equal(stale.statusCode, 200, 'an ETag of another version gets the file')
    const otherFile = await get(app, '/manifest.webmanifest', { 'if-none-match': [...tags][0]! })
    t.equal(otherFile.statusCode, 200, "another file's ETag is no match")
  })

  t.test('HEAD: the headers of the GET, no body', async (t) => {
    const head = await get(app, ENTRY, { 'accept-encoding': 'br' }, 'HEAD')
    t.equal(head.statusCode, 200)
    t.equal(head.headers['content-encoding'], 'br')
    t.equal(Number(head.headers['content-length']), copies.br.length)
    t.equal(head.rawPayload.length, 0)
    const shell = await get(app, '/some/page', {}, 'HEAD')
    t.equal(shell.statusCode, 200, 'a client route too')
    t.equal(shell.rawPayload.length, 0)
  })

  t.test('client routes get index.html, revalidated', async (t) => {
    for (const path of ['/', '/index.html', '/login', '/requests/12', '/s/Ab-_0123456789abcdefghijklmnopqrstuvwxyz']) {
      const answer = await get(app, path, { 'accept-encoding': 'br, gzip' })
      t.equal(answer.statusCode, 200, path)
      t.equal(answer.headers['content-encoding'], 'br', `${path}: brotli`)
      t.equal(brotliDecompressSync(answer.rawPayload).toString(), SHELL, `${path}: the shell`)
      t.equal(answer.headers['content-type'], 'text/html; charset=utf-8')
      t.equal(answer.headers['cache-control'], 'no-cache', `${path}: revalidated, whatever the coding`)
      t.match(String(answer.headers['content-security-policy']), /default-src 'self'/, `${path}: the CSP`)
      const again = await get(app, path, {
        'accept-encoding': 'br, gzip',
        'if-none-match': String(answer.headers.etag),
      })
      t.equal(again.statusCode, 304, `${path}: revalidated to a 304`)
    }
  })

  t.test('what is not a file of the build is refused', async (t) => {
    const secret = readFileSync(outside, 'utf8')
    for (const path of [
      '/assets/index-old999.js',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/index-abc123.js.br',
      '/api/no/such/thing',
    ]) {
      const answer = await get(app, path)
      t.equal(answer.statusCode, 404, `${path}: 404`)
      t.same(answer.json(), { message: 'Not found' })
      t.notOk(answer.body.includes(secret), `${path}: nothing of what lies outside`)
    }
    const post = await app.inject({ method: 'POST', url: ENTRY, payload: {} })
    t.equal(post.statusCode, 404, 'files answer GET and HEAD only')
  })
})

t.test('a build without compressed copies gets them made at start', async (t) => {
  const dist = tempDir(t)
  writeFileSync(join(dist, 'index.html'), SHELL)
  writeFileSync(join(dist, 'app.css'), `body { color: red }\n${'.x { margin: 0 }\n'.repeat(200)}`)
  const app = await buildTestApp(t, { WEB_DIST_DIR: dist })
  for (const coding of ['br', 'gzip'] as const) {
    const answer = await get(app, '/app.css', { 'accept-encoding': coding })
    t.equal(answer.headers['content-encoding'], coding)
    const decoded = coding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload)
    t.same(decoded, readFileSync(join(dist, 'app.css')), `${coding}: decodes to the file`)
  }
})
