import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import pino from 'pino'
import t from 'tap'
import { requestLoggerFactory } from '../../../server/http/request-logger.ts'
import { safeUrl } from '../../../server/logging.ts'
import { buildServer } from '../../../server/server.ts'
import { createTestDatabase, tempDir, testConfig } from '../../helper.ts'
import { waitUntil } from '../../wait.ts'

interface LogLine {
  level: number
  msg: string
  reqId?: string
  req?: { method?: string; url?: string; route?: string; remoteAddress?: string }
  res?: { statusCode?: number }
  responseTime?: number
  err?: { message?: string }
}

/** Every JSON log line the server writes, parsed. */
function captureLogs(): { stream: PassThrough; lines(): LogLine[] } {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (chunk: Buffer) => (text += String(chunk)))
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogLine),
  }
}

/** The real app at a log level, with a stand-in build of the SPA and a route that fails, as http.test.ts has. */
async function loggingApp(t: Parameters<typeof tempDir>[0], level: 'info' | 'debug') {
  const dist = tempDir(t)
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  const logs = captureLogs()
  const config = testConfig(t, { DATABASE_URL: await createTestDatabase(t), WEB_DIST_DIR: dist, LOG_LEVEL: level })
  const app = buildServer(config, { logStream: logs.stream })
  app.get('/api/test/crash', async () => {
    throw new Error('broken on purpose')
  })
  t.teardown(() => app.close())
  await app.ready()
  /**
   * The lines written up to and including the access line of one more API request: lines are written in order, so
   * what is not among them was not logged for the requests made before it.
   */
  const linesUpToMarker = async () => {
    const marker = await app.inject({ url: '/api/config' })
    const id = marker.headers['x-request-id'] as string
    await waitUntil(() => logs.lines().some((line) => line.reqId === id && line.msg === 'request completed'))
    return logs.lines()
  }
  return { app, logs, linesUpToMarker }
}

t.test('at info: one access line per API request, none for probes, files and 304s', async (t) => {
  const { app, linesUpToMarker } = await loggingApp(t, 'info')

  const ids: string[] = []
  for (const url of ['/api/config', '/api/services', '/api/no/such/thing']) {
    const answer = await app.inject({ url, remoteAddress: '10.1.2.3' })
    ids.push(answer.headers['x-request-id'] as string)
  }
  const services = await app.inject({ url: '/api/services' })
  const notModified = await app.inject({
    url: '/api/services',
    headers: { 'if-none-match': String(services.headers.etag) },
  })
  t.equal(notModified.statusCode, 304)
  for (const url of ['/healthz', '/readyz', '/assets/index-abc123.js', '/', '/login', '/index.html']) {
    t.equal((await app.inject({ url })).statusCode, 200, url)
  }
  const crash = await app.inject({ url: '/api/test/crash' })
  t.equal(crash.statusCode, 500)
  const withSecrets = await app.inject({
    method: 'PUT',
    url: '/api/user/+358401234567/newpassword?token=eyJhbGciOi.secret-part.sig',
    headers: { authorization: 'Bearer eyJhbGciOi.bearer-part.sig', cookie: 'refresh_token=cookie-secret' },
    payload: { newPassword: 'password-secret' },
  })

  const lines = await linesUpToMarker()
  t.notOk(
    lines.some((line) => line.msg === 'incoming request'),
    'no line as a request arrives',
  )
  for (const [i, id] of ids.entries()) {
    const ofRequest = lines.filter((line) => line.reqId === id)
    t.equal(ofRequest.length, 1, `request ${i}: exactly one line`)
    const [line] = ofRequest
    t.equal(line?.msg, 'request completed')
    t.equal(line?.level, 30, 'at info')
    t.equal(line?.req?.remoteAddress, '10.1.2.3', 'with the client address')
    t.ok((line?.responseTime ?? -1) >= 0, 'and the time taken')
  }
  const first = lines.find((line) => line.reqId === ids[0])
  t.same(first?.req, { method: 'GET', url: '/api/config', route: '/api/config', remoteAddress: '10.1.2.3' })
  t.same(first?.res, { statusCode: 200 })
  t.equal(lines.find((line) => line.reqId === ids[2])?.res?.statusCode, 404, 'a 404 is logged')

  const urls = lines.filter((line) => line.msg === 'request completed').map((line) => line.req?.url)
  for (const quiet of ['/healthz', '/readyz', '/assets/index-abc123.js', '/', '/login', '/index.html']) {
    t.notOk(urls.includes(quiet), `no line for ${quiet}`)
  }
  t.equal(urls.filter((url) => url === '/api/services').length, 2, 'the two 200s of /api/services; its 304 is quiet')

  // The access line is written without pino's redaction: only what the serializers make of the request goes in.
  const secretLine = lines.find((line) => line.reqId === withSecrets.headers['x-request-id'])
  t.equal(secretLine?.req?.url, '/api/user/%2B35840*****67/newpassword?token=…', 'phone masked, query value dropped')
  const text = JSON.stringify(lines)
  for (const secret of ['401234567', 'secret-part', 'bearer-part', 'cookie-secret', 'password-secret']) {
    t.notOk(text.includes(secret), `no ${secret} in the log`)
  }

  const ofCrash = lines.filter((line) => line.reqId === crash.headers['x-request-id'])
  t.same(
    ofCrash.map((line) => [line.msg, line.level]),
    [
      ['request failed', 50],
      ['request completed', 30],
    ],
    'a 500: the error with its request id, then its access line',
  )
  t.equal(ofCrash[0]?.err?.message, 'broken on purpose')
})

t.test('at debug: every request is logged as it arrives and when it is answered', async (t) => {
  const { app, linesUpToMarker } = await loggingApp(t, 'debug')
  for (const url of ['/healthz', '/assets/index-abc123.js', '/login']) await app.inject({ url })
  const lines = await linesUpToMarker()
  for (const url of ['/healthz', '/assets/index-abc123.js', '/login']) {
    const arrived = lines.find((line) => line.msg === 'incoming request' && line.req?.url === url)
    t.equal(arrived?.level, 20, `${url}: arrived, at debug`)
    const completed = lines.find((line) => line.reqId === arrived?.reqId && line.msg === 'request completed')
    t.equal(completed?.level, 20, `${url}: answered, at debug`)
    t.equal(completed?.res?.statusCode, 200)
  }
})

t.test('the URL as logged: phone numbers masked and query values dropped, other URLs as they are', async (t) => {
  t.equal(safeUrl('/api/requests/1234567/messages'), '/api/requests/1234567/messages')
  t.equal(safeUrl('/assets/index-abc123.js'), '/assets/index-abc123.js')
  t.equal(safeUrl('/api/user/+358401234567/newpassword'), '/api/user/%2B35840*****67/newpassword')
  t.equal(safeUrl('/api/user/040%20123%204567/newpassword'), '/api/user/040*****67/newpassword')
  t.equal(safeUrl('/x/040-123-4567'), '/x/040*****67')
  t.equal(safeUrl('/api/push?endpoint=https%3A%2F%2Fpush.example%2Fabc'), '/api/push?endpoint=…')
  const shareToken = 'q3J9x0Zt-yW5VJm2k_Hc8RfLpA1sEoNu4GbTdXiYvKw'
  t.equal(safeUrl(`/api/shared/${shareToken}`), '/api/shared/…', 'a share link token is not logged')
  t.equal(safeUrl(`/s/${shareToken}?lang=fi`), '/s/…?lang=…')
})

t.test("a request's logger becomes pino's child on its first line written, not before", async (t) => {
  const written: string[] = []
  const parent = pino({ level: 'info' }, { write: (line: string) => written.push(line) })
  let children = 0
  const counted = Object.create(parent) as typeof parent
  counted.child = ((...args: Parameters<typeof parent.child>) => {
    children++
    return parent.child(...args)
  }) as typeof parent.child
  const log = requestLoggerFactory(counted, { reqId: 'r-1' }, {})
  t.equal(log.level, 'info')
  log.debug({ detail: 1 }, 'below the level')
  log.trace('nor this')
  t.equal(children, 0, 'nothing written, no child')
  log.info({ res: { statusCode: 200 } }, 'request completed')
  log.warn('second line')
  t.equal(children, 1, 'one child, made once')
  const lines = written.map((line) => JSON.parse(line) as { reqId: string; msg: string; level: number })
  t.same(
    lines.map((line) => [line.reqId, line.msg, line.level]),
    [
      ['r-1', 'request completed', 30],
      ['r-1', 'second line', 40],
    ],
  )
  const quiet = requestLoggerFactory(counted, { reqId: 'r-2' }, { level: 'warn' })
  quiet.info('a route at warn')
  t.equal(children, 1, "a route's own level counts")
  t.equal(quiet.level, 'warn')
})
