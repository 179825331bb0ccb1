import type { Test } from 'tap'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { newestMtime } from '../scripts/build-if-stale.ts'
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server.ts'
import { PROJECT_ROOT } from '../server/paths.ts'
import { uniquePhone } from './accounts.ts'
import { SmsOutbox } from './e2e/sms-outbox.ts'
import { runProcess, type RunningMain } from './process.ts'

export { SERVER_BUNDLE }

/**
 * `npm test` runs `npm run build` before tap, so the bundle is there and current. Run alone, a test rebuilds the
 * server bundle (a second or two) when it is missing or older than server/: testing a stale bundle proves nothing.
 */
export async function ensureBundle(): Promise<void> {
  if (!existsSync(SERVER_BUNDLE) || newestMtime(join(PROJECT_ROOT, 'server')) > statSync(SERVER_BUNDLE).mtimeMs) {
    await buildServer()
  }
}

/** A process of the test: as test/process.ts runs it, its exit reduced to the exit code the CLI tests compare. */
export interface Running extends Omit<RunningMain, 'exited'> {
  exited: Promise<number | null>
}

/** A process with only the given environment (and PATH, HOME): what an operator's clean shell would pass. */
export function run(command: string, args: string[], env: Record<string, string>, cwd = PROJECT_ROOT): Running {
  const running = runProcess(command, args, env, cwd)
  return { ...running, exited: running.exited.then(({ code }) => code) }
}

/** Waits until a started server says where it listens; it is killed at the end of the test. */
export async function listening(t: Teardown, server: Running): Promise<{ server: Running; url: string }> {
  t.teardown(() => server.child.kill('SIGKILL'))
  const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)
  return { server, url: url! }
}

type Teardown = { teardown(fn: () => void): void }

/** The fields of the answers these tests read (services is an array: its length is read). */
type CallJson = { idToken?: string; token?: string; length?: number }

/** One JSON call to a running server, as the SPA makes it. */
export async function call(
  url: string,
  method: string,
  body?: object,
  token?: string,
): Promise<{ status: number; json: CallJson }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const text = await response.text()
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as CallJson }
}

/** Registers a user over HTTP (the SMS code read from DATA_DIR's outbox); answers the register call's answer. */
export async function registerOverHttp(url: string, dataDir: string, user_name: string, password: string) {
  const phone = uniquePhone()
  await call(`${url}/api/phone-verification/send`, 'POST', { phone, purpose: 'register' })
  const verified = await call(`${url}/api/phone-verification/verify`, 'POST', {
    phone,
    // The server texts the code after it answers: wait for it as a person waits for the SMS.
    code: (await new SmsOutbox(dataDir).waitForCode(phone, 0)).code,
  })
  return call(`${url}/api/user/register`, 'POST', {
    user_name,
    phone,
    password,
    radius: 10,
    latitude: 60.17,
    longitude: 24.94,
    idToken: verified.json.idToken,
  })
}

/** What the backup tests save and expect back: a user and their help request. */
export const BACKED_UP = {
  userName: 'Backed Up',
  password: 'correct horse battery',
  description: 'Chain snapped at the harbour',
}

export async function seedBackedUp(t: Test, url: string, dataDir: string): Promise<void> {
  const registered = await registerOverHttp(url, dataDir, BACKED_UP.userName, BACKED_UP.password)
  t.equal(registered.status, 201, JSON.stringify(registered.json))
  const created = await call(
    `${url}/api/requests`,
    'POST',
    {
      category: 'bicycle_maintenance',
      description: BACKED_UP.description,
      latitude: 60.1699,
      longitude: 24.9384,
      isApproximate: 0,
    },
    registered.json.token,
  )
  t.equal(created.status, 201, JSON.stringify(created.json))
}

export async function expectBackedUp(t: Test, url: string): Promise<void> {
  const login = await call(`${url}/api/user/login`, 'POST', {
    identifier: BACKED_UP.userName,
    password: BACKED_UP.password,
  })
  t.equal(login.status, 200, JSON.stringify(login.json))
  const list = await call(`${url}/api/requests`, 'GET', undefined, login.json.token)
  t.equal(list.status, 200, JSON.stringify(list.json))
  t.match(JSON.stringify(list.json), BACKED_UP.description, 'the request came back with the database')
}

/** The built server, `node dist/server/pyoraapu.mjs <args>`. */
export function runBundle(args: string[], env: Record<string, string>): Running {
  return run(process.execPath, [SERVER_BUNDLE, ...args], env)
}

/** Starts the bundle's server on a free port and answers its base URL; killed at the end of the test. */
export function startBundle(t: Teardown, env: Record<string, string>): Promise<{ server: Running; url: string }> {
  return listening(t, runBundle([], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }))
}
