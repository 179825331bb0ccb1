import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { WebSocket as NodeWebSocket } from 'ws'
import { buildTestApp, tempDir } from '../helper.ts'
import { SmsOutbox } from '../e2e/sms-outbox.ts'

/**
 * The real server behind a component test (docs/testing.md, "The kinds of tests"): the production app on a fresh
 * database, answering the app's calls in process (`app.inject`) and its event stream on a loopback port. What a
 * browser would keep, the cookies, is kept here per test (`CookieJar`), so a login in one render stays for the next
 * until `forget()`. No Chromium: what needs a real browser (layout, the map's canvas, the service worker, push)
 * stays in test/e2e/.
 */
export interface Backend {
  app: FastifyInstance
  /** Where the event stream listens: `ws://127.0.0.1:<port>`. */
  socketOrigin: string
  /** The server's DATA_DIR: the SMS outbox of local phone verification is written there. */
  outbox: SmsOutbox
  /** The browser's cookies for this site. */
  cookies: CookieJar
}

/** Cookies as a browser keeps them for one site: set by answers, sent with every call, gone when expired. */
export class CookieJar {
  readonly #values = new Map<string, string>()

  /** What `Set-Cookie` headers of an answer set or cleared (light-my-request parses them into `cookies`). */
  take(cookies: { name: string; value: string; maxAge?: number; expires?: Date }[]): void {
    for (const { name, value, maxAge, expires } of cookies) {
      const expired = maxAge !== undefined ? maxAge <= 0 : expires !== undefined && expires.getTime() <= Date.now()
      if (expired || value === '') this.#values.delete(name)
      else this.#values.set(name, value)
    }
  }

  /** The `Cookie` header a call carries, or undefined without any. */
  header(): string | undefined {
    if (this.#values.size === 0) return undefined
    return [...this.#values].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** A fresh profile: as a new browser, without the cookies of an earlier login. */
  clear(): void {
    this.#values.clear()
  }
}

/**
 * Starts the server for this test file, closed when it ends. As test/e2e/browser.ts's startServer: every call comes
 * from one address, so the per-address limits on SMS and account calls are raised (the server tests cover them).
 */
export async function startBackend(t: Test): Promise<Backend> {
  const dataDir = tempDir(t, 'pyoraapu-component-')
  const app = await buildTestApp(t, {
    DATA_DIR: dataDir,
    SMS_PER_IP_PER_HOUR: 1000,
    ACCOUNT_REQUESTS_PER_MINUTE: 1000,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return { app, socketOrigin: `ws://127.0.0.1:${port}`, outbox: new SmsOutbox(dataDir), cookies: new CookieJar() }
}

/** `fetch` as the page's own, answered by `backend` in process: same origin, with the site's cookies. */
export function fetchFrom(backend: Backend): typeof fetch {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : null
    const url = new URL(request?.url ?? (input instanceof URL ? input.href : (input as string)), location.href)
    const headers = Object.fromEntries(new Headers(init.headers ?? request?.headers).entries())
    // What Chromium adds to a same-origin call (server/plugins/same-origin.ts reads it).
    headers['sec-fetch-site'] = 'same-origin'
    const cookie = backend.cookies.header()
    if (cookie) headers.cookie = cookie
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
    const answer = await backend.app.inject({
      method: (init.method ?? request?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    })
    backend.cookies.take(answer.cookies)
    const noBody = answer.statusCode === 204 || answer.statusCode === 304 || init.method === 'HEAD'
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name === 'set-cookie' || value === undefined) continue
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    return new Response(noBody ? null : answer.body, { status: answer.statusCode, headers: responseHeaders })
  }
}

/**
 * The page's `WebSocket`, opened to `backend`'s port with the site's cookies: the app opens `ws://<its host>/api/events`
 * as in a browser. ws's client speaks the browser's interface (`onopen`, `onmessage` with text `data`, `close`).
 */
export function webSocketTo(backend: Backend): typeof WebSocket {
  class PageWebSocket extends NodeWebSocket {
    constructor(address: string | URL) {
      const { pathname, search } = new URL(String(address))
      const cookie = backend.cookies.header()
      super(`${backend.socketOrigin}${pathname}${search}`, {
        headers: { origin: location.origin, ...(cookie ? { cookie } : {}) },
      })
      // A browser's socket reports a failed connection to `onerror` and closes; ws would also throw it unheard.
      this.on('error', () => {})
    }
  }
  return PageWebSocket as unknown as typeof WebSocket
}
