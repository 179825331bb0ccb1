/**
 * The production shape: two real server processes on one real PostgreSQL behind the project's Caddyfile (plain
 * http on loopback). Which instance answered is read from its own log (the x-request-id every answer carries), and
 * what client address the app saw from the same log line, so production code needs no debug header for this.
 * Different clients are different loopback source addresses (127.0.0.x), as Caddy sees them.
 */
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import t, { type Test } from 'tap'
import { uniquePhone } from '../accounts.ts'
import { SmsOutbox } from '../e2e/sms-outbox.ts'
import { openEvents, type EventClient } from '../event-client.ts'
import { createTestDatabase, tempDir } from '../helper.ts'
import { runMain, type RunningMain } from '../process.ts'
import { waitUntil } from '../wait.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SMS_PER_IP_PER_HOUR = 2

const caddyInstalled = spawnSync('caddy', ['version']).status === 0
if (!caddyInstalled && !process.env.CI) {
  t.plan(0, 'caddy is not installed (apt-get install -y caddy; .ci/run installs it)')
} else {
  t.test('two instances behind Caddy', main)
}

interface Answer {
  status: number
  rawHeaders: string[]
  body: Buffer
}

/** One HTTP request from a chosen loopback source address, so that Caddy sees distinct clients. */
function request(
  port: number,
  path: string,
  options: { method?: string; from?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json)
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** Every value of one header, as sent on the wire (a duplicated header shows up twice). */
function headerValues(answer: Answer, name: string): string[] {
  const values: string[] = []
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    if (answer.rawHeaders[i]!.toLowerCase() === name) values.push(answer.rawHeaders[i + 1]!)
  }
  return values
}

const header = (answer: Answer, name: string) => headerValues(answer, name)[0]
const json = <T>(answer: Answer) => JSON.parse(answer.body.toString()) as T

function decoded(answer: Answer): Buffer {
  const encoding = header(answer, 'content-encoding')
  if (encoding === undefined) return answer.body
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body)
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body)
  throw new Error(`unexpected content-encoding ${encoding}`)
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Caddy with the project's Caddyfile in front of `upstreams`, plain http on a free loopback port; killed at the end. */
async function startCaddy(t: Test, upstreams: string): Promise<number> {
  const port = await freePort()
  const home = tempDir(t)
  const caddy = spawn('caddy', ['run', '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: `http://127.0.0.1:${port}`,
      APP_UPSTREAMS: upstreams,
      // Debian's caddy service may own the default admin port, and several of these run at once.
      CADDY_ADMIN: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  caddy.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  caddy.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  t.teardown(() => caddy.kill('SIGKILL'))
  await waitUntil(
    async () => caddy.exitCode !== null || (await request(port, '/readyz').catch(() => undefined))?.status === 200,
  )
  if (caddy.exitCode !== null) throw new Error(`Caddy did not start:\n${log}`)
  t.notMatch(log, /not formatted/, 'the Caddyfile is as caddy fmt writes it')
  return port
}

interface Instance {
  name: string
  process: RunningMain
  port: number
  dataDir: string
}

async function main(t: Test): Promise<void> {
  t.ok(caddyInstalled, 'caddy is installed (CI must have it)')
  if (!caddyInstalled) return

  const databaseUrl = await createTestDatabase(t)
  const jwtSecret = 'caddy-test-secret-'.padEnd(48, 'x')
  const start = async (name: string): Promise<Instance> => {
    const dataDir = tempDir(t)
    const server = runMain({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      SMS_PER_IP_PER_HOUR: String(SMS_PER_IP_PER_HOUR),
      ACCOUNT_REQUESTS_PER_MINUTE: '1000',
      SAMPLE_SERVICES: 'false',
      LOG_LEVEL: 'info',
    })
    t.teardown(() => server.child.kill('SIGKILL'))
    const [, port] = await server.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)
    return { name, process: server, port: Number(port), dataDir }
  }
  const instances = await Promise.all([start('a'), start('b')])
  const [a, b] = instances

  const caddyPort = await startCaddy(t, `127.0.0.1:${a.port} 127.0.0.1:${b.port}`)
  /** The instance whose log has this answer's request id, and the client address it logged for the request. */
  const servedBy = async (answer: Answer): Promise<{ instance: Instance; remoteAddress: string }> => {
    const id = header(answer, 'x-request-id')
    if (!id) throw new Error(`no x-request-id on a ${answer.status} answer`)
    // The answer came, so one instance logged the request; the log line may reach the pipe a moment later.
    const logged = () =>
      instances
        .map((instance) => ({
          instance,
          line: instance.process
            .output()
            .split('\n')
            .find((l) => l.includes(`"reqId":"${id}"`) && l.includes('"remoteAddress"')),
        }))
        .find(({ line }) => line !== undefined)
    await waitUntil(() => logged() !== undefined)
    const { instance, line } = logged()!
    return { instance, remoteAddress: (JSON.parse(line!) as { req: { remoteAddress: string } }).req.remoteAddress }
  }

  const sendCode = (phone: string, from: string, headers: Record<string, string> = {}) =>
    request(caddyPort, '/api/phone-verification/send', {
      method: 'POST',
      from,
      headers,
      json: { phone, purpose: 'register' },
    })

  /** Registration through Caddy as one client would do it; the code is in the outbox of whichever instance sent it. */
  const register = async (userName: string, from: string): Promise<string> => {
    const phone = uniquePhone()
    const sent = await sendCode(phone, from)
    if (sent.status !== 202) throw new Error(`send: ${sent.status} ${sent.body.toString()}`)
    // The code is texted after the answer: wait for the SMS, in whichever outbox it lands.
    const code = await Promise.any(instances.map((i) => new SmsOutbox(i.dataDir).waitForCode(phone, 0))).then(
      (message) => message.code,
    )
    const verified = await request(caddyPort, '/api/phone-verification/verify', {
      method: 'POST',
      from,
      json: { phone, code },
    })
    const { idToken } = json<{ idToken: string }>(verified)
    const registered = await request(caddyPort, '/api/user/register', {
      method: 'POST',
      from,
      json: {
        user_name: userName,
        phone,
        password: 'correct horse',
        radius: 10,
        latitude: 60.17,
        longitude: 24.94,
        idToken,
      },
    })
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body.toString()}`)
    return json<{ token: string }>(registered).token
  }

  t.test('requests are spread over both instances', async (t) => {
    const served = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const answer = await request(caddyPort, '/api/config')
      t.equal(answer.status, 200)
      served.add((await servedBy(answer)).instance.name)
    }
    t.same([...served].sort(), ['a', 'b'])
  })

  t.test('the app sees the real client address, never a client-sent X-Forwarded-For', async (t) => {
    const through = await request(caddyPort, '/api/config', {
      from: '127.0.0.5',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    })
    t.equal(
      (await servedBy(through)).remoteAddress,
      '127.0.0.5',
      'Caddy replaced the forged header with the client address',
    )
    const direct = await request(a.port, '/api/config', {
      from: '127.0.0.6',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    })
    t.equal((await servedBy(direct)).remoteAddress, '127.0.0.6', 'a sender other than the proxy is not believed')
  })

  t.test('Caddy overwrites a client-sent X-Forwarded-For instead of appending to it', async (t) => {
    // A bare upstream that shows what Caddy forwards (the app's own view is checked above).
    let seen: http.IncomingHttpHeaders = {}
    const echo = http.createServer((incoming, response) => {
      if (incoming.url === '/probe') seen = incoming.headers
      response.end('ok')
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    t.teardown(() => echo.close())
    const port = await startCaddy(t, `127.0.0.1:${(echo.address() as net.AddressInfo).port}`)
    await request(port, '/probe', { from: '127.0.0.7', headers: { 'x-forwarded-for': '1.2.3.4' } })
    t.equal(seen['x-forwarded-for'], '127.0.0.7')
    t.equal(seen['x-forwarded-proto'], 'http')
  })

  t.test("the app's own headers pass unchanged and nothing is compressed twice", async (t) => {
    const asset = readdirSync(join(ROOT, 'web/dist/assets')).find((name) => name.endsWith('.js'))!
    const single = [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
      'cache-control',
      'x-request-id',
    ]
    for (const path of ['/', `/assets/${asset}`, '/api/config']) {
      const headers = { 'accept-encoding': 'gzip, br' }
      const proxied = await request(caddyPort, path, { headers })
      const direct = await request(a.port, path, { headers })
      t.equal(proxied.status, 200, path)
      for (const name of single) {
        t.equal(headerValues(proxied, name).length, 1, `${path}: one ${name}`)
        if (name !== 'x-request-id') t.equal(header(proxied, name), header(direct, name), `${path}: ${name} unchanged`)
      }
      t.same(
        headerValues(proxied, 'strict-transport-security'),
        headerValues(direct, 'strict-transport-security'),
        `${path}: HSTS as the app decides`,
      )
      t.same(headerValues(proxied, 'server'), [], `${path}: no Server header`)
      const encodings = headerValues(proxied, 'content-encoding')
      t.ok(
        encodings.length <= 1 && !(encodings[0] ?? '').includes(','),
        `${path}: encoded at most once (${encodings.join(', ')})`,
      )
      if (header(direct, 'content-encoding'))
        t.equal(encodings[0], header(direct, 'content-encoding'), `${path}: the app's encoding is kept`)
      t.ok(decoded(proxied).equals(decoded(direct)), `${path}: the same bytes once decoded`)
    }
    // A client that takes only zstd, which the app does not offer: Caddy compresses what the app left as it was.
    const zstdOnly = { 'accept-encoding': 'zstd' }
    t.same(headerValues(await request(a.port, `/assets/${asset}`, { headers: zstdOnly }), 'content-encoding'), [])
    t.same(
      headerValues(await request(caddyPort, `/assets/${asset}`, { headers: zstdOnly }), 'content-encoding'),
      ['zstd'],
      'Caddy compresses',
    )
  })

  t.test('a WebSocket client through Caddy receives events caused on either instance', async (t) => {
    const watcherToken = await register('Watcher', '127.0.0.10')
    const ownerToken = await register('Owner', '127.0.0.11')
    const events: EventClient = await openEvents(`http://127.0.0.1:${caddyPort}`, watcherToken)
    t.teardown(() => events.close())
    const causedOn = new Set<string>()
    for (let i = 0; i < 8 && causedOn.size < 2; i++) {
      const created = await request(caddyPort, '/api/requests', {
        method: 'POST',
        from: '127.0.0.11',
        headers: { authorization: `Bearer ${ownerToken}` },
        json: {
          category: 'bicycle_maintenance',
          description: `Flat tyre ${i}`,
          latitude: 60.1699,
          longitude: 24.9384,
          isApproximate: 0,
        },
      })
      t.equal(created.status, 201)
      const id = json<{ request_id: number }>(created).request_id
      await events.next((event) => event.type === 'request.upserted' && event.request?.request_id === id)
      causedOn.add((await servedBy(created)).instance.name)
    }
    t.same([...causedOn].sort(), ['a', 'b'], 'events from both instances arrived on the one socket')
  })

  t.test('the per-address SMS limit holds through Caddy, forged X-Forwarded-For or not', async (t) => {
    const over = '127.0.0.20'
    for (let i = 0; i < SMS_PER_IP_PER_HOUR; i++) t.equal((await sendCode(uniquePhone(), over)).status, 202)
    t.equal((await sendCode(uniquePhone(), over)).status, 429, 'over the limit')
    for (const forged of ['1.2.3.4', '5.6.7.8', '9.9.9.9, 8.8.8.8', '127.0.0.21']) {
      const refused = await sendCode(uniquePhone(), over, { 'x-forwarded-for': forged })
      t.equal(refused.status, 429, `still refused with X-Forwarded-For: ${forged}`)
    }
    t.equal((await sendCode(uniquePhone(), '127.0.0.21')).status, 202, 'another client is not refused')
  })

  t.test('after kill -9 of one instance every request through Caddy succeeds', async (t) => {
    b.process.child.kill('SIGKILL')
    await b.process.exited
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await request(caddyPort, '/api/config'))
    answers.push(...(await Promise.all(Array.from({ length: 10 }, () => request(caddyPort, '/api/config')))))
    t.same(
      answers.map((answer) => answer.status),
      answers.map(() => 200),
    )
    for (const answer of answers.slice(0, 3)) t.equal((await servedBy(answer)).instance.name, 'a')
  })
}
